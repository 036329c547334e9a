import { Flex } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import type { RequestFile } from '@agrihub/contract/schemas/service-requests';
import { FileLink } from '../../../components/file-link';

/** A request's or a note's files (private ones fetched with the session's token and saved). */
export function FileLinks({ files, testId }: { files: readonly Pick<RequestFile, 'id' | 'url' | 'filename'>[]; testId?: string }) {
  if (!files.length) return null;
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {files.map((f) => (
        <FileLink key={f.id} url={f.url} filename={f.filename}>
          <PaperClipOutlined /> {f.filename}
        </FileLink>
      ))}
    </Flex>
  );
}
