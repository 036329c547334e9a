import { Space } from 'antd';

/** A channel's badge (its logo under /channels/<code>.svg) and name. */
export function ChannelName({
  channel,
  size = 20,
}: {
  channel: { code: string; name: string; logo_url?: string };
  size?: number;
}) {
  return (
    <Space size={6} data-testid="channel-name" data-code={channel.code}>
      <img
        src={channel.logo_url || `/channels/${channel.code}.svg`}
        alt=""
        width={size}
        height={size}
        style={{ borderRadius: 4, display: 'block' }}
      />
      <span>{channel.name}</span>
    </Space>
  );
}
