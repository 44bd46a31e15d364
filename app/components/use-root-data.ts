import { useRouteLoaderData } from '@remix-run/react'
import type { rootLoader } from '~/http/root-loader.server'

/** The root loader's data; undefined only while the root itself is failing. */
export function useRootData() {
	return useRouteLoaderData<typeof rootLoader>('root')
}
