import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'register-department',
  minUsed: 20,
  users: 'page',
  pattern: /\bt\(\s*'register-department:([a-zA-Z_.]+)'/g,
});
