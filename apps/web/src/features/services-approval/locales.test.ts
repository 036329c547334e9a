import { expect } from 'vitest';
import { describeFeatureLocales } from '../../test/locale-check';

// Besides the literal keys, each templated family is complete.
describeFeatureLocales({
  ns: 'services-approval',
  minUsed: 40,
  also: (viKeys) => {
    for (const k of ['lock', 'unlock']) {
      for (const leaf of ['done', 'oneTitle', 'oneContent'])
        expect(viKeys.has(`${k}.${leaf}`), `${k}.${leaf}`).toBe(true);
      expect(viKeys.has(`actions.${k}`)).toBe(true);
    }
    for (const k of ['forward', 'back']) expect(viKeys.has(`move.${k}`)).toBe(true);
    for (const f of ['contact_name', 'phone', 'email', 'company', 'address', 'note'])
      expect(viKeys.has(`form.${f}`)).toBe(true);
  },
});
