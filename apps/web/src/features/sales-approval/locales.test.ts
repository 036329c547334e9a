import { describeFeatureLocales } from '../../test/locale-check';

describeFeatureLocales({
  ns: 'sales-approval',
  minUsed: 60,
  pattern: /\bt\(\s*'(?:sales-approval:)?([a-zA-Z]+\.[a-zA-Z_.]+|[a-zA-Z]+)'/g,
});
