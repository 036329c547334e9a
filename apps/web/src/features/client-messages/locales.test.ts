import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'client-messages',
  minUsed: 30,
  pattern: /\bt\(\s*'(?:client-messages:)?([a-zA-Z]+\.[a-zA-Z_.]+|[a-zA-Z]+)'/g,
});
