import { useRouteLoaderData } from '@remix-run/react'
import type { RootLoader } from '~/root'

/** The root loader's data; undefined only while the root itself is failing. */
export function useRootData() {
	return useRouteLoaderData<RootLoader>('root')
}
