import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'shipments', minUsed: 40 });
