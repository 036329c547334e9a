import { useRef, useState } from 'react';
import { App, Button, Modal, Space, Table, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PricingImportProblem, RegisterService } from '@agrihub/contract/schemas/services';
import { fetchPrivateFile, saveBlob } from '../../../lib/private-file';
import { useAppDispatch, useAppSelector } from '../../../stores/hooks';
import { exportPricingPath, importPricing, PricingImportError, servicesSettingApi } from '../api/services-setting-api';

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Pricing as xlsx: export (a template when empty) and import (all rows or none, with a report of the refused rows). */
export function PricingButtons({ service }: { service: RegisterService }) {
  const { t } = useTranslation('services-setting');
  const { message } = App.useApp();
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.user.token);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [report, setReport] = useState<{ message: string; problems: PricingImportProblem[] } | null>(null);

  const runExport = async () => {
    setBusy('export');
    try {
      const file = await fetchPrivateFile(token, exportPricingPath(service.id), `bang-gia-${service.slug}.xlsx`);
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error((error as Error).message || t('pricing.exportFailed'));
    } finally {
      setBusy(null);
    }
  };

  const runImport = async (file: File | undefined) => {
    if (!file) return;
    setBusy('import');
    try {
      void message.success((await importPricing(token, service.id, file)) || t('pricing.imported'));
      dispatch(servicesSettingApi.util.invalidateTags(['ServiceCatalogue']));
    } catch (error) {
      if (error instanceof PricingImportError && error.problems.length) {
        setReport({ message: error.message, problems: error.problems });
      } else {
        void message.error((error as Error).message || t('pricing.importFailed'));
      }
    } finally {
      setBusy(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Space size={4} wrap>
      <Button
        size="small"
        icon={<DownloadOutlined />}
        loading={busy === 'export'}
        disabled={busy !== null}
        onClick={() => void runExport()}
        data-testid={`pricing-export-${service.slug}`}
      >
        {t('pricing.export')}
      </Button>
      <Button
        size="small"
        icon={<UploadOutlined />}
        loading={busy === 'import'}
        disabled={busy !== null}
        onClick={() => input.current?.click()}
        data-testid={`pricing-import-${service.slug}`}
      >
        {t('pricing.import')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={XLSX_ACCEPT}
        hidden
        onChange={(e) => void runImport(e.target.files?.[0])}
        data-testid={`pricing-file-${service.slug}`}
      />
      <Modal
        open={report !== null}
        title={t('report.title')}
        onCancel={() => setReport(null)}
        footer={<Button onClick={() => setReport(null)}>{t('report.close')}</Button>}
        width={720}
        data-testid="pricing-import-report"
      >
        <Typography.Paragraph type="danger">{report?.message}</Typography.Paragraph>
        <Table
          size="small"
          pagination={false}
          rowKey={(p) => `${p.row}-${p.column}-${p.message}`}
          dataSource={report?.problems ?? []}
          columns={[
            { title: t('report.row'), dataIndex: 'row', width: 70 },
            { title: t('report.column'), dataIndex: 'column', width: 200 },
            { title: t('report.reason'), dataIndex: 'message' },
          ]}
        />
      </Modal>
    </Space>
  );
}
