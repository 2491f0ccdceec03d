// The library's endpoint pipelines (arrays of Koa middleware), untyped upstream; see library-gaps.ts.
declare module 'oidc-provider/lib/actions/introspection.js' {
  const pipeline: unknown[];
  export default pipeline;
}
declare module 'oidc-provider/lib/actions/revocation.js' {
  const pipeline: unknown[];
  export default pipeline;
}
declare module 'oidc-provider/lib/shared/reject_structured_tokens.js' {
  const middleware: unknown;
  export default middleware;
}
