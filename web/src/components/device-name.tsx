import type { DeviceKind } from '@portal/contract';
import { Group, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconDeviceTablet, IconDevices } from '@tabler/icons-react';

const DEVICE_ICONS: Record<DeviceKind, typeof IconDevices> = {
  desktop: IconDeviceDesktop,
  phone: IconDeviceMobile,
  tablet: IconDeviceTablet,
  unknown: IconDevices,
};

interface DeviceNameProps {
  /** The browser and system, as the server read them from the user agent ("Firefox on Android"). */
  name: string;
  kind: DeviceKind;
  /** The raw user agent, kept for a pointer's hover. */
  userAgent: string | null;
  size?: 'xs' | 'sm';
}

/** A session's device in words, with the icon of its kind: on Your account and on a user's Sessions alike. */
export function DeviceName({ name, kind, userAgent, size = 'sm' }: DeviceNameProps) {
  const Icon = DEVICE_ICONS[kind];
  return (
    <Group gap="xs" wrap="nowrap">
      <Icon size={size === 'sm' ? 20 : 16} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
      <Text size={size} fw={500} title={userAgent ?? undefined}>
        {name}
      </Text>
    </Group>
  );
}
