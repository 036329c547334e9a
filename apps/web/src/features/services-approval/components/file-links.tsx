import { Flex, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { RequestFile } from '@agrihub/contract/schemas/service-requests';

/** A request's or a note's files, each opening in a new tab. */
export function FileLinks({ files, testId }: { files: readonly Pick<RequestFile, 'id' | 'url' | 'filename'>[]; testId?: string }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {files.map((f) => (
        <Typography.Link key={f.id} href={f.url} target="_blank" rel="noreferrer">
          <PaperClipOutlined /> {f.filename}
        </Typography.Link>
      ))}
    </Flex>
  );
}
