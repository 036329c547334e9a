import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'partners', minUsed: 10 });
