import { schemaResolver, type FormErrors } from '@mantine/form';

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A @mantine/form `validate` that checks what would be sent (the form's values turned into the request
 * body) with the contract's schema, the very rule the server applies. Each message lands on the field it
 * is about: `fieldOf` maps a body field to a form field (by default the same name); `redirect_urls.2`
 * counts as `redirect_urls`. The first message per field wins.
 */
export function contractValidator<Values>(
  schema: Schema,
  toBody: (values: Values) => unknown,
  fieldOf: (bodyField: string) => string | undefined = (field) => field,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(toBody(values)))) {
      const field = fieldOf(path.split('.')[0]!);
      if (field && !errors[field]) errors[field] = message;
    }
    return errors;
  };
}
