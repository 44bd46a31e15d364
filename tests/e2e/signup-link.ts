import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { baseURL, E2E_SESSION_SECRET } from '../../playwright.config'

/** A one-click link, made the way `npm run signup-link` makes it. */
export function signupLink(email: string, list: string): string {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'signup-link-'))
	const output = execFileSync(
		process.execPath,
		['build/signup-link.js', '--email', email, '--list', list, '--origin', baseURL],
		{
			env: { ...process.env, SESSION_SECRET: E2E_SESSION_SECRET, DATA_DIR: dataDir },
			encoding: 'utf8',
		},
	)
	return output.trim()
}
