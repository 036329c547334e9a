import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'oems', minUsed: 40 });
