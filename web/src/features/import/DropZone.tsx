import { type DragEvent, useId, useState } from "react";

interface DropZoneProps {
  label: string;
  accept: string;
  hint: string;
  /** the file chosen (the first, when several are dropped) */
  onFile: (file: File) => void;
  /** several files at once: every file chosen or dropped goes to onFiles instead */
  onFiles?: (files: File[]) => void;
  disabled?: boolean;
}

/** A file by drag-and-drop or by the file chooser (spec §2); several when `onFiles` takes them. */
export function DropZone({ label, accept, hint, onFile, onFiles, disabled = false }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const take = (list: FileList | null | undefined) => {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    if (onFiles) onFiles(files);
    else onFile(files[0]);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };
  return (
    <section
      className={`drop-zone card${over ? " over" : ""}`}
      aria-label="Drop a file here"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <p>Drop the file here, or</p>
      <label htmlFor={inputId} className="button secondary">
        {label}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={accept}
        multiple={onFiles !== undefined}
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = "";
        }}
      />
      <p className="muted small">{hint}</p>
    </section>
  );
}
