import { expect } from 'vitest';
import { SERVICE_TYPES } from '@agrihub/contract/schemas/services';
import { describeFeatureLocales } from '../../test/locale-check';

// Besides the literal keys, every flow type has a label.
describeFeatureLocales({
  ns: 'services-setting',
  minUsed: 30,
  users: 'page',
  also: (viKeys) => {
    for (const type of SERVICE_TYPES) expect(viKeys.has(`type.${type}`)).toBe(true);
    for (const k of ['table.nowAvailable', 'table.nowUnavailable']) expect(viKeys.has(k)).toBe(true);
  },
});
