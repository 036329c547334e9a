import { Flex } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { RequestFile } from '@agrihub/contract/schemas/service-requests';
import { FileLink } from '../../../components/file-link';

/** A request's or a note's files as links (private ones fetched with the session's token). */
export function FileLinks({ files }: { files: RequestFile[] }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={2}>
      {files.map((f) => (
        <FileLink key={f.id} url={f.url} filename={f.filename} style={{ wordBreak: 'break-all' }}>
          <PaperClipOutlined /> {f.filename}
        </FileLink>
      ))}
    </Flex>
  );
}
