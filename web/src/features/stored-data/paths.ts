import type { DataKind } from '@portal/contract';

const DATA_VIEW_PATH = '/admin/radiant-mgmt/data';
export const GALAXY_MAP_PATH = '/admin/radiant-mgmt/map';
export const SYNC_SCREEN = { label: 'Radiant Management', to: '/admin/radiant-mgmt' } as const;

export const dataViewPath = (target: DataKind) => `${DATA_VIEW_PATH}?target=${target}`;
