import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'content-admin',
  minUsed: 100,
  pattern: /\bt\(\s*'(?:content-admin:)?([a-zA-Z]+\.[a-zA-Z_.]+|[a-zA-Z]+)'/g,
});
