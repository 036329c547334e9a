import { expect } from 'vitest';
import { ROLES } from '@agrihub/contract/permissions';
import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'admin',
  minUsed: 40,
  // The pages name the namespace in every key (`t('admin:user.create')`).
  pattern: /\bt\(\s*'admin:([a-zA-Z]+\.[a-zA-Z_.]+)'/g,
  also: (viKeys) => {
    // Keys built at run time: each role's hint, and the fields an edit's history names.
    for (const role of ROLES) expect(viKeys.has(`user.roleHints.${role}`), role).toBe(true);
    for (const field of ['name', 'phone', 'locale', 'roles', 'abilities']) {
      expect(viKeys.has(`user.fields.${field}`), field).toBe(true);
    }
  },
});
