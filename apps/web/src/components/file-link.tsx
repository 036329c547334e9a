import { useState, type CSSProperties, type ReactNode } from 'react';
import { App, Button, Typography } from 'antd';
import { useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import { isPrivateFileUrl } from '@agrihub/contract/constants';
import { fetchPrivateFile, saveBlob } from '../lib/private-file';
import type { TokenState } from '../lib/session-actions';

interface Props {
  url: string;
  filename?: string;
  children: ReactNode;
  ellipsis?: boolean;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A link to a stored file. A public file (/uploads/…) opens in a new tab; a private one
 * (/api/v1/uploads/{id}/content, ADR 033) is fetched with the session's token and saved under its
 * name: a bare link would carry no token, so the server would refuse it.
 */
export function FileLink({ url, filename, children, ellipsis, style, testId }: Props) {
  if (!isPrivateFileUrl(url)) {
    return (
      <Typography.Link
        href={url}
        target="_blank"
        rel="noreferrer"
        ellipsis={ellipsis}
        style={style}
        data-testid={testId}
      >
        {children}
      </Typography.Link>
    );
  }
  return (
    <PrivateFileButton url={url} filename={filename ?? ''} style={style} testId={testId}>
      {children}
    </PrivateFileButton>
  );
}

function PrivateFileButton({ url, filename, children, style, testId }: Omit<Props, 'ellipsis'> & { filename: string }) {
  const token = useSelector((s: TokenState) => s.user.token);
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    fetchPrivateFile(token, url, filename)
      .then(({ blob, filename: name }) => saveBlob(blob, name))
      .catch(
        (err: Error) =>
          void message.error(err.message && !/^\d+$/.test(err.message) ? err.message : t('upload.openFailed')),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type="link"
      size="small"
      loading={busy}
      onClick={open}
      data-testid={testId}
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', ...style }}
    >
      {children}
    </Button>
  );
}
