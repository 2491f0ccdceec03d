import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * The context of the request the library is handling (`Provider.ctx`, its own async-local store),
 * while it runs our hooks for it; none outside its requests (nor in a middleware after the library
 * has answered: such code is handed the context).
 */
export const contextInHand = (): KoaContextWithOIDC | undefined => Provider.ctx;
