/**
 * /admin/coupons/new: a new coupon (docs/decisions/112). The form posts here; a refused value is
 * answered with its message next to its field and nothing is written.
 */
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { CouponForm } from '~/components/admin/coupon-form'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { getDb } from '~/db/client.server'
import { parseForm } from '~/forms/parse.server'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import { createCoupon, getCouponChoices } from '~/models/coupons/manage.server'
import { readForm } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('New coupon')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	return data({ choices: await getCouponChoices(await getDb()) }, { headers: ADMIN_HEADERS })
}

export async function action({ request, context }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const form = await readForm(request)
	const submission = parseForm('adminCoupon', form)
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	// Coupon changes move prices for everyone: they need a recent second factor (decision 136).
	await requireStepUp(request, context, owner, form)
	const outcome = await createCoupon(await getDb(), owner, submission.value)
	if (!outcome.ok)
		return data(submission.reply({ fieldErrors: outcome.fieldErrors }), {
			status: 400,
			headers: ADMIN_HEADERS,
		})
	return redirectWithToast('/admin/coupons', { title: outcome.message, type: 'success' }, context, {
		status: 303,
		headers: ADMIN_HEADERS,
	})
}

export default function AdminNewCoupon() {
	const { choices } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	return (
		<>
			<AdminHeading title="New coupon">
				<Link to="/admin/coupons" className="text-sm underline">
					All coupons
				</Link>
			</AdminHeading>
			<CouponForm
				editing={null}
				choices={choices}
				lastResult={lastResult}
				defaults={{
					code: '',
					kind: 'percent',
					amount: '',
					currency: '',
					items: [],
					notWithRegional: false,
					maxDiscountedUnits: '',
					maxUses: '',
					startsAt: '',
					expiresAt: '',
					onePerBuyer: false,
					partnerKey: '',
				}}
			/>
		</>
	)
}
