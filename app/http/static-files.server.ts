/**
 * The production build's files (docs/decisions/098): what Vite fingerprinted under /assets/, and
 * the content build's images (named by their hash), cached for a year; public/'s files (copied
 * to build/client) for an hour. A missing asset is a plain 404, not a page.
 */
import path from 'node:path'
import express from 'express'
import { CONTENT_IMAGES_PATH } from '~/content/schema'
import { CONTENT_BUILD_DIR } from '~/paths.server'

export function builtFiles(clientDir: string): express.Router {
	const router = express.Router()
	const immutable = { immutable: true, maxAge: '1y', index: false, redirect: false } as const
	router.use(CONTENT_IMAGES_PATH, express.static(path.join(CONTENT_BUILD_DIR, 'images'), immutable))
	router.use('/assets', express.static(path.join(clientDir, 'assets'), immutable), (_req, res) => {
		res.status(404).type('text/plain').send('Not found')
	})
	// Every file in public/ has an extension; a page path never reaches the file system (a failed
	// lookup per page was a tenth of a cached page's cost: docs/performance.md).
	const publicFiles = express.static(clientDir, { maxAge: '1h', index: false, redirect: false })
	router.use((req, res, next) => {
		if (!req.path.slice(req.path.lastIndexOf('/')).includes('.')) return next()
		publicFiles(req, res, next)
	})
	return router
}
