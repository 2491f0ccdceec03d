/** Every event the server writes to the audit log. */
export const AuditEvent = {
  Login: 'login',
  LoginDenied: 'login_denied',
  LoginFailed: 'login_failed',
  Logout: 'logout',
  BackchannelLogoutDelivered: 'backchannel_logout_delivered',
  BackchannelLogoutFailed: 'backchannel_logout_failed',
  AutomationTokenEnabled: 'automation_token_enabled',
  AutomationTokenDisabled: 'automation_token_disabled',
  UserAdded: 'user_added',
  AccessGranted: 'access_granted',
  AccessSuspended: 'access_suspended',
  AccessRevoked: 'access_revoked',
  SessionEndedByAdmin: 'session_ended_by_admin',
  ScopeGranted: 'scope_granted',
  ScopeRevoked: 'scope_revoked',
  RoleGranted: 'role_granted',
  RoleRevoked: 'role_revoked',
  AppCreated: 'app_created',
  AppUpdated: 'app_updated',
  AppDeleted: 'app_deleted',
  ServiceJwtCreated: 'service_jwt_created',
  ServiceJwtUpdated: 'service_jwt_updated',
  ServiceJwtDeleted: 'service_jwt_deleted',
  ServiceJwtRotated: 'service_jwt_rotated',
  ServiceJwtRotationFailed: 'service_jwt_rotation_failed',
  SyncTriggered: 'sync_triggered',
  SwcBindingConnected: 'swc_binding_connected',
  SwcBindingDisconnected: 'swc_binding_disconnected',
  SwcBindingLost: 'swc_binding_lost',
  SwcConsentGranted: 'swc_consent_granted',
  SwcConsentRevoked: 'swc_consent_revoked',
  SwcGrantLost: 'swc_grant_lost',
  SwcTokenExchanged: 'swc_token_exchanged',
  SwcBindingRefreshFailed: 'swc_binding_refresh_failed',
  SyncFailed: 'sync_failed',
  AuditForwardingSet: 'audit_forwarding_set',
  AuditForwardingRemoved: 'audit_forwarding_removed',
} as const;
export type AuditEvent = (typeof AuditEvent)[keyof typeof AuditEvent];

/** How the audit log names each event; the record makes a new event fail to compile until it has a label. */
export const AUDIT_EVENT_LABELS: Record<string, string> = {
  login: 'Signed in',
  login_denied: 'Sign-in refused',
  login_failed: 'Sign-in failed',
  logout: 'Signed out',
  backchannel_logout_delivered: 'Back-channel logout delivered',
  backchannel_logout_failed: 'Back-channel logout failed',
  automation_token_enabled: 'Automation token enabled',
  automation_token_disabled: 'Automation token disabled',
  user_added: 'User added',
  access_granted: 'Access granted',
  access_suspended: 'Access suspended',
  access_revoked: 'Access revoked',
  session_ended_by_admin: 'Session ended by an admin',
  scope_granted: 'Consent granted',
  scope_revoked: 'Consent revoked',
  role_granted: 'Role granted',
  role_revoked: 'Role revoked',
  app_created: 'App created',
  app_updated: 'App updated',
  app_deleted: 'App deleted',
  service_jwt_created: 'Service JWT created',
  service_jwt_updated: 'Service JWT updated',
  service_jwt_deleted: 'Service JWT deleted',
  service_jwt_rotated: 'Service JWT rotated',
  service_jwt_rotation_failed: 'Service JWT rotation failed',
  sync_triggered: 'Data sync started',
  swc_binding_connected: 'SWCombine permissions connected',
  swc_binding_disconnected: 'SWCombine permissions disconnected',
  swc_binding_lost: 'SWCombine permissions lost',
  swc_consent_granted: 'SWCombine permissions granted',
  swc_consent_revoked: 'SWCombine permission revoked',
  swc_grant_lost: 'SWCombine no longer accepts the grant',
  swc_token_exchanged: 'SWCombine token handed to an app',
  swc_binding_refresh_failed: 'SWCombine permissions could not be refreshed',
  sync_failed: 'Data sync failed',
  audit_forwarding_set: 'Activity forwarding set',
  audit_forwarding_removed: 'Activity forwarding removed',
} satisfies Record<AuditEvent, string>;

/** The label of an event code; a code this build does not know reads as itself. */
export const auditEventLabel = (event: string): string => AUDIT_EVENT_LABELS[event] ?? event;

/** Events that record something refused or gone wrong: the Activity screen's "failure" outcome. */
export const AUDIT_FAILURE_EVENTS: readonly AuditEvent[] = [
  AuditEvent.LoginDenied,
  AuditEvent.LoginFailed,
  AuditEvent.BackchannelLogoutFailed,
  AuditEvent.ServiceJwtRotationFailed,
  AuditEvent.SwcBindingLost,
  AuditEvent.SwcBindingRefreshFailed,
  AuditEvent.SwcGrantLost,
  AuditEvent.SyncFailed,
];

export type AuditOutcome = 'success' | 'failure';

export const auditOutcome = (event: string): AuditOutcome =>
  (AUDIT_FAILURE_EVENTS as readonly string[]).includes(event) ? 'failure' : 'success';
