import { Alert, Button } from 'antd';

interface StaleAlertProps {
  title: string;
  description: string;
  reloadText: string;
  /** Loads the latest version (the user's input stays in the form until then). */
  onReload?: () => void;
  testId: string;
}

/** Shown when a save answered 409 stale_update: someone else changed the record since it was read. */
export function StaleAlert({ title, description, reloadText, onReload, testId }: StaleAlertProps) {
  return (
    <Alert
      type="warning"
      showIcon
      title={title}
      description={description}
      action={
        onReload && (
          <Button size="small" onClick={onReload} data-testid={`${testId}-reload`}>
            {reloadText}
          </Button>
        )
      }
      data-testid={testId}
    />
  );
}
