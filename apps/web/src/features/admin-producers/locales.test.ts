import { expect } from 'vitest';
import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'admin-producers',
  minUsed: 30,
  also: (viKeys) => {
    for (const a of ['approve', 'reopen']) expect(viKeys.has(`${a}.title`) && viKeys.has(`${a}.content`)).toBe(true);
  },
});
