/** What services need from the job system: hand a job over, to run once, retried on failure. */
export interface JobQueue {
  send(name: string, data: object): Promise<void>;
}
