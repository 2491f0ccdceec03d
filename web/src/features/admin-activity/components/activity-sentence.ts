import { auditSentence, type ActivityRow } from '@portal/contract';

/** An Activity row as the Users screen words it, with the user acted upon named (by UID before their first sign-in). */
export const activitySentence = (row: ActivityRow) => auditSentence({ ...row, user_name: row.user_name ?? row.user_uid });
