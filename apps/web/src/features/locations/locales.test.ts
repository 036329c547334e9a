import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'locations', minUsed: 40 });
