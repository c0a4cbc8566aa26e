/** A labelled native file input with the spec's hint and an error line. */
import { Field, Input, Text } from '@chakra-ui/react';

interface FilePickerProps {
  label: string;
  accept: string;
  multiple?: boolean;
  required?: boolean;
  hint: string;
  error?: string;
  selected: readonly File[];
  onSelect: (files: File[]) => void;
}

export function FilePicker(props: FilePickerProps) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required}>
      <Field.Label>{props.label}</Field.Label>
      <Input
        type="file"
        accept={props.accept}
        multiple={props.multiple}
        p="1.5"
        onChange={(event) => props.onSelect(Array.from(event.target.files ?? []))}
      />
      {props.selected.length > 0 && (
        <Text fontSize="sm" color="fg.muted">
          {props.selected.map((file) => file.name).join(', ')}
        </Text>
      )}
      {props.error ? (
        <Field.ErrorText>{props.error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{props.hint}</Field.HelperText>
      )}
    </Field.Root>
  );
}
