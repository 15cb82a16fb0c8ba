import { createContext, type RouterContextProvider } from 'react-router';
import { createTokenBuckets } from '../security/token-buckets';

/**
 * Fresh renders one visitor may cause (a page or its data the cache does not hold): a token bucket
 * per visitor address, set by the server for each request. Pages from the cache cost nothing.
 * A visitor browsing fast on a cold cache makes a few dozen a minute (a phone fetching ahead every
 * tile it scrolls past); a flood of addresses no page has (unknown ids, unknown routes) from one
 * address is held to five a second (issue 25: 400 a second before, each a render).
 */
export const renderBudgetContext = createContext<() => boolean>(() => true);

export const mayRender = (context: Readonly<RouterContextProvider>) => context.get(renderBudgetContext)();

/** Five fresh renders a second per visitor, in bursts of up to 300. */
export const createRenderBudget = () => createTokenBuckets({ burst: 300, perSecond: 5 });
