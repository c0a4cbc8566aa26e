/**
 * A native file input bound to one `File[]` field of a react-hook-form form, on the shared field:
 * label, the chosen names, the hint or the field's error.
 */
import { Input, Text } from '@chakra-ui/react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { FormField } from '@/components/form/form-field';

interface FilePickerProps<Values extends FieldValues, Parsed extends FieldValues> {
  /** The form's control; `Parsed` is what its resolver turns the values into. */
  control: Control<Values, unknown, Parsed>;
  name: FieldPathByValue<Values, File[]>;
  label: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  hint: string;
}

export function FilePicker<Values extends FieldValues, Parsed extends FieldValues>({
  control,
  name,
  ...props
}: FilePickerProps<Values, Parsed>) {
  const { field, fieldState } = useController({ control, name });
  const selected = field.value as File[];
  return (
    <FormField
      label={props.label}
      required={props.required}
      error={fieldState.error?.message}
      hint={props.hint}
    >
      <Input
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        p="1.5"
        onChange={(event) => field.onChange(Array.from(event.target.files ?? []))}
      />
      {selected.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {selected.map((file) => file.name).join(', ')}
        </Text>
      )}
    </FormField>
  );
}
