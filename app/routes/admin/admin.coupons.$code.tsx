/**
 * /admin/coupons/:code: one coupon's rules, to edit, and its switch: disable (it applies to no new
 * checkout; orders that used it keep their price) or enable again (docs/decisions/112). Two plain
 * forms posting here, told apart by their `intent`.
 */
import { getFormProps } from '@conform-to/react'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { CouponForm } from '~/components/admin/coupon-form'
import { AdminHeading, adminMeta } from '~/components/admin/ui'
import { SubmitButton } from '~/components/button'
import { FormErrors } from '~/components/field'
import { getDb } from '~/db/client.server'
import { parseForm } from '~/forms/parse.server'
import { useValidatedForm } from '~/forms/use-form-validator'
import { ADMIN_HEADERS, requireOwner } from '~/http/owner.server'
import { requireStepUp } from '~/http/step-up.server'
import { redirectWithToast } from '~/http/toast.server'
import {
	couponFormValues,
	getCoupon,
	getCouponChoices,
	setCouponActive,
	updateCoupon,
} from '~/models/coupons/manage.server'
import { readForm, requireFound } from '~/utils/responses'

export { shouldRevalidate } from '~/utils/revalidate'

export const meta = adminMeta('Coupon')
export const headers = () => ADMIN_HEADERS

export async function loader({ request, context, params }: LoaderFunctionArgs) {
	await requireOwner(request, context)
	const db = await getDb()
	const coupon = requireFound(await getCoupon(db, params.code ?? ''), new URL(request.url).pathname)
	return data(
		{
			code: coupon.code,
			active: coupon.active,
			savedAt: coupon.updatedAt.toISOString(),
			values: couponFormValues(coupon),
			choices: await getCouponChoices(db),
		},
		{ headers: ADMIN_HEADERS },
	)
}

export async function action({ request, context, params }: ActionFunctionArgs) {
	const owner = await requireOwner(request, context)
	const pathname = new URL(request.url).pathname
	const form = await readForm(request)
	const db = await getDb()
	const code = params.code ?? ''
	if (form.get('intent') === 'save') {
		const submission = parseForm('adminCoupon', form)
		if (submission.status !== 'success')
			return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
		// Coupon changes need a recent second factor (decision 136).
		await requireStepUp(request, context, owner, form)
		const outcome = requireFound(await updateCoupon(db, owner, code, submission.value), pathname)
		if (!outcome.ok)
			return data(submission.reply({ fieldErrors: outcome.fieldErrors }), {
				status: 400,
				headers: ADMIN_HEADERS,
			})
		return done(outcome, context)
	}
	const submission = parseForm('adminCouponStatus', form)
	if (submission.status !== 'success')
		return data(submission.reply(), { status: 400, headers: ADMIN_HEADERS })
	await requireStepUp(request, context, owner, form)
	const active = submission.value.intent === 'enable'
	return done(requireFound(await setCouponActive(db, owner, code, active), pathname), context)
}

function done(outcome: { code: string; message: string }, context: ActionFunctionArgs['context']) {
	return redirectWithToast(
		`/admin/coupons/${encodeURIComponent(outcome.code)}`,
		{ title: outcome.message, type: 'success' },
		context,
		{ status: 303, headers: ADMIN_HEADERS },
	)
}

export default function AdminCoupon() {
	const { code, active, savedAt, values, choices } = useLoaderData<typeof loader>()
	const lastResult = useActionData<typeof action>()
	// Each form is given the answer to its own post: they are told apart by their intent.
	const intent = lastResult?.initialValue?.intent
	const [statusForm] = useValidatedForm('adminCouponStatus', {
		id: 'coupon-status',
		lastResult: intent && intent !== 'save' ? lastResult : undefined,
	})
	return (
		<>
			<AdminHeading title={`Coupon ${code}`}>
				<Link to="/admin/coupons" className="text-sm underline">
					All coupons
				</Link>
			</AdminHeading>
			<section aria-labelledby="coupon-status-heading" className="mb-8">
				<h2 id="coupon-status-heading" className="mb-2 font-semibold">
					{active ? 'Enabled' : 'Disabled'}
				</h2>
				<p className="mb-2 text-sm">
					{active
						? 'Buyers who type it get its discount while its rules allow.'
						: 'It applies to no new checkout; orders that used it keep their price.'}
				</p>
				<Form method="post" {...getFormProps(statusForm)}>
					<input type="hidden" name="intent" value={active ? 'disable' : 'enable'} />
					<FormErrors id={statusForm.errorId} errors={statusForm.errors} />
					<SubmitButton variant="secondary">
						{active ? 'Disable coupon' : 'Enable coupon'}
					</SubmitButton>
				</Form>
			</section>
			<section aria-labelledby="coupon-rules-heading">
				<h2 id="coupon-rules-heading" className="mb-2 font-semibold">
					Rules
				</h2>
				{/* A new form once saved: its fields show what was stored, as typed or not. */}
				<CouponForm
					key={savedAt}
					editing={code}
					choices={choices}
					defaults={values}
					lastResult={intent === 'save' ? lastResult : undefined}
				/>
			</section>
		</>
	)
}
