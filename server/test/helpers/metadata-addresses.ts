/**
 * The link-local address of cloud metadata services (and its neighbours) as an admin might type
 * it: decimal, hex, octal, dotted and trailing-dot forms, IPv4 inside IPv6, AWS's IPv6 service and
 * the metadata host names. No URL an admin registers may point at any of them.
 */
export const METADATA_URLS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://169.254.169.254./',
  'http://169.254.1.2:8080/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[::ffff:0:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[fe80::1]/',
  'http://[fd00:ec2::254]/',
  'http://metadata.google.internal/computeMetadata/v1/',
  'http://metadata.google.internal./',
  'http://100.100.100.200/',
] as const;
