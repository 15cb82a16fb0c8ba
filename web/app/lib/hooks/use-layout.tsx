import { createContext, useContext, type ReactNode } from 'react';
import type { Layout } from '../document/device';

const LayoutContext = createContext<Layout>('web');

export function LayoutProvider({ layout, children }: { layout: Layout; children: ReactNode }) {
  return <LayoutContext.Provider value={layout}>{children}</LayoutContext.Provider>;
}

/** 'phone' or 'web', as chosen on the server for this visit. */
export const useLayout = (): Layout => useContext(LayoutContext);
