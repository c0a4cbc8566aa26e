/** A native file input on the shared field: label, the chosen names, the hint or the error. */
import { Input, Text } from '@chakra-ui/react';
import { FormField } from '../../../components/form/form-field';

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
    <FormField label={props.label} required={props.required} error={props.error} hint={props.hint}>
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
    </FormField>
  );
}
