import { useState } from 'react';
import { App, Button, DatePicker, Dropdown, Flex, Modal, Segmented, Typography } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { FSMA_MAX_RANGE_DAYS, fsmaRangeDays, type FsmaFormat } from '@agrihub/contract/schemas/fsma';
import { todayInVietnam } from '@agrihub/contract/vietnam-time';
import { fetchPrivateFile, saveBlob } from '../lib/private-file';
import { chainPrefix } from '../lib/chain-api';
import { useAppSelector } from '../stores/hooks';

/** Downloads one FSMA 204 sheet (ADR 041); `busy` while it comes, the server's message on failure. */
function useFsmaDownload() {
  const { t } = useTranslation('chain');
  const { message } = App.useApp();
  const token = useAppSelector((s) => s.user.token);
  const [busy, setBusy] = useState<FsmaFormat | null>(null);
  const download = async (path: string, format: FsmaFormat, fallbackName: string) => {
    setBusy(format);
    try {
      const file = await fetchPrivateFile(token, path, `${fallbackName}.${format}`);
      saveBlob(file.blob, file.filename);
      return true;
    } catch (error) {
      void message.error((error as Error).message || t('fsma.failed'));
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}

/** "Bảng FSMA 204" of a lot with its chain (the chain view of the batch page and of the administrator's lot page). */
export function FsmaLotButton({ lotId, admin }: { lotId: number; admin?: boolean }) {
  const { t } = useTranslation('chain');
  const { busy, download } = useFsmaDownload();
  const get = (format: FsmaFormat) =>
    void download(`/${chainPrefix(admin)}/lots/${lotId}/fsma204?format=${format}`, format, 'fsma204');
  return (
    <Dropdown
      trigger={['click']}
      disabled={busy !== null}
      menu={{
        items: [
          { key: 'xlsx', label: <span data-testid="fsma-lot-xlsx">{t('fsma.xlsx')}</span> },
          { key: 'csv', label: <span data-testid="fsma-lot-csv">{t('fsma.csv')}</span> },
        ],
        onClick: ({ key }) => get(key as FsmaFormat),
      }}
    >
      <Button icon={<FileExcelOutlined />} loading={busy !== null} data-testid="fsma-lot-button">
        {t('fsma.button')}
      </Button>
    </Dropdown>
  );
}

/** The producer's FSMA 204 sheet of a date range (at most FSMA_MAX_RANGE_DAYS days, none in the future). */
export function FsmaRangeButton() {
  const { t } = useTranslation('chain');
  const { busy, download } = useFsmaDownload();
  const [open, setOpen] = useState(false);
  const today = todayInVietnam();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs(today).subtract(29, 'day'), dayjs(today)]);
  const [format, setFormat] = useState<FsmaFormat>('xlsx');
  const from = range[0].format('YYYY-MM-DD');
  const to = range[1].format('YYYY-MM-DD');
  const tooLong = fsmaRangeDays(from, to) > FSMA_MAX_RANGE_DAYS;

  const submit = async () => {
    const ok = await download(`/api/v1/chain/fsma204?from=${from}&to=${to}&format=${format}`, format, 'fsma204');
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button icon={<FileExcelOutlined />} onClick={() => setOpen(true)} data-testid="fsma-range-button">
        {t('fsma.button')}
      </Button>
      <Modal
        open={open}
        title={t('fsma.rangeTitle')}
        onCancel={() => setOpen(false)}
        okText={t('fsma.download')}
        okButtonProps={{ icon: <DownloadOutlined />, disabled: tooLong, 'data-testid': 'fsma-range-download' }}
        confirmLoading={busy !== null}
        onOk={() => void submit()}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('fsma.rangeHint', { max: FSMA_MAX_RANGE_DAYS })}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            format="DD/MM/YYYY"
            disabledDate={(d) => d.format('YYYY-MM-DD') > today}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            data-testid="fsma-range-dates"
          />
          {tooLong && (
            <Typography.Text type="danger" data-testid="fsma-range-too-long">
              {t('fsma.tooLong', { max: FSMA_MAX_RANGE_DAYS })}
            </Typography.Text>
          )}
          <Segmented<FsmaFormat>
            value={format}
            onChange={setFormat}
            options={[
              { value: 'xlsx', label: t('fsma.xlsx') },
              { value: 'csv', label: t('fsma.csv') },
            ]}
          />
        </Flex>
      </Modal>
    </>
  );
}
