import { Flex, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { RequestFile } from '@agrihub/contract/schemas/service-requests';

/** A request's or a note's files as links. */
export function FileLinks({ files }: { files: RequestFile[] }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={2}>
      {files.map((f) => (
        <Typography.Link key={f.id} href={f.url} target="_blank" rel="noreferrer" style={{ wordBreak: 'break-all' }}>
          <PaperClipOutlined /> {f.filename}
        </Typography.Link>
      ))}
    </Flex>
  );
}
