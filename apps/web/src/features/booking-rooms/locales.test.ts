import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({ ns: 'booking-rooms', minUsed: 25, users: 'page and drawer' });
