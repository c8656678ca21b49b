import { type DragEvent, useId, useState } from "react";

interface DropZoneProps {
  label: string;
  accept: string;
  hint: string;
  onFile: (file: File) => void;
  disabled?: boolean;
}

/** A file by drag-and-drop or by the file chooser (spec §2). */
export function DropZone({ label, accept, hint, onFile, disabled = false }: DropZoneProps) {
  const [over, setOver] = useState(false);
  const inputId = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
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
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = "";
        }}
      />
      <p className="muted small">{hint}</p>
    </section>
  );
}
