import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'chain', minUsed: 30 });
