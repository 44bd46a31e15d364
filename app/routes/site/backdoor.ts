import { redirect } from '@remix-run/node'

/** SPEC §2: /backdoor is always sent home, before anything renders. */
export function loader() {
	return redirect('/')
}
