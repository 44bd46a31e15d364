/** The buy form's schema, loaded after hydration so zod stays out of the first load. */
import { parseWithZod } from '@conform-to/zod'
import { checkoutFormSchema } from '~/models/checkout-request'

export function checkoutFormValidator(maxQuantity: number) {
	const schema = checkoutFormSchema(maxQuantity)
	return (formData: FormData) => parseWithZod(formData, { schema })
}
