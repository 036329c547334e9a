import { Flex, Spin } from 'antd';

/** Full-area loading state (lazy pages, session restore, translations). No text: it may show before i18n is ready. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: fullScreen ? '100vh' : 320 }} data-testid="page-loader">
      <Spin size="large" />
    </Flex>
  );
}
