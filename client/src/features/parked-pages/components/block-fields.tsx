import type { TPageBlock, ZPageBody } from "@shared/api/parked-pages";
import { Plus, Trash2 } from "lucide-react";
import { type UseFormReturn, useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/lib/toast";
import { useUploadPageImage } from "../api/upload-page-image";

export type PageForm = UseFormReturn<z.input<typeof ZPageBody>, unknown, z.output<typeof ZPageBody>>;

/** How each block is named in the builder. */
export const BLOCK_LABELS: Record<TPageBlock["type"], string> = {
  headline: "Headline and text",
  image: "Image",
  leadForm: "Lead form",
  forSale: "For-sale banner",
  links: "Related links",
  contact: "Contact form",
  redirect: "Redirect",
};

/** A block added from the builder's menu, with words to start from. */
export function newBlock(type: TPageBlock["type"]): TPageBlock {
  switch (type) {
    case "headline":
      return { type, headline: "A new headline", text: "" };
    case "image":
      return { type, imageId: "", alt: "" };
    case "leadForm":
      return { type, heading: "Compare car insurance quotes" };
    case "forSale":
      return { type, text: "This domain may be for sale." };
    case "links":
      return { type, title: "Related links", links: [] };
    case "contact":
      return { type, heading: "Contact the owner" };
    case "redirect":
      return { type, url: "https://" };
  }
}

function Field(props: { id: string; label: string; children: React.ReactNode; hint?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={props.id}>{props.label}</Label>
      {props.children}
      {props.hint && <p className="text-muted-foreground text-xs">{props.hint}</p>}
    </div>
  );
}

function LinksFields({ form, index, builder }: { form: PageForm; index: number; builder: boolean }) {
  const links = useFieldArray({ control: form.control, name: `blocks.${index}.links` as "blocks.0.links" });
  return (
    <div className="grid gap-3">
      <Field id={`b${index}-title`} label="Title">
        <Input id={`b${index}-title`} {...form.register(`blocks.${index}.title` as "blocks.0.title")} />
      </Field>
      {links.fields.map((link, j) => (
        <div key={link.id} className="grid grid-cols-[1fr_2fr_auto] items-end gap-2">
          <Field id={`b${index}-l${j}-label`} label="Label">
            <Input
              id={`b${index}-l${j}-label`}
              {...form.register(`blocks.${index}.links.${j}.label` as "blocks.0.links.0.label")}
            />
          </Field>
          <Field id={`b${index}-l${j}-url`} label="Address">
            <Input
              id={`b${index}-l${j}-url`}
              type="url"
              {...form.register(`blocks.${index}.links.${j}.url` as "blocks.0.links.0.url")}
            />
          </Field>
          <Button variant="ghost-remove" size="icon" aria-label="Remove link" onClick={() => links.remove(j)}>
            <Trash2 />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={!builder || links.fields.length >= 12}
        onClick={() => links.append({ label: "", url: "https://" })}
      >
        <Plus /> Add link
      </Button>
    </div>
  );
}

function ImageFields({ form, index, domainId }: { form: PageForm; index: number; domainId: string }) {
  const upload = useUploadPageImage(domainId);
  const imageId = form.watch(`blocks.${index}.imageId` as "blocks.0.imageId");
  return (
    <div className="grid gap-3">
      <Field id={`b${index}-file`} label="Image file" hint="PNG, JPEG, WebP or GIF, at most 1 MB.">
        <Input
          id={`b${index}-file`}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          disabled={upload.isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (id) => {
                form.setValue(`blocks.${index}.imageId` as "blocks.0.imageId", id, { shouldDirty: true });
                toast({ title: "Image Uploaded", description: `${file.name} is on the page.` });
              },
              onError: (error) => toastError(error),
            });
          }}
        />
      </Field>
      {imageId ? null : <p className="text-amber-700 text-xs">Upload an image to show this block.</p>}
      <Field id={`b${index}-alt`} label="Description for screen readers">
        <Input id={`b${index}-alt`} {...form.register(`blocks.${index}.alt` as "blocks.0.alt")} />
      </Field>
    </div>
  );
}

/** The fields of one block, by its type. */
export function BlockFields(props: {
  form: PageForm;
  index: number;
  block: TPageBlock;
  builder: boolean;
  domainId: string;
}) {
  const { form, index, block } = props;
  const text = (name: string, label: string, hint?: string) => (
    <Field id={`b${index}-${name}`} label={label} hint={hint}>
      <Input id={`b${index}-${name}`} {...form.register(`blocks.${index}.${name}` as "blocks.0.type")} />
    </Field>
  );
  switch (block.type) {
    case "headline":
      return (
        <div className="grid gap-3">
          {text("headline", "Headline")}
          <Field
            id={`b${index}-text`}
            label="Text"
            hint="Paragraphs, bold, italics, lists and links are kept; anything else is removed."
          >
            <Textarea
              id={`b${index}-text`}
              rows={3}
              {...form.register(`blocks.${index}.text` as "blocks.0.text")}
            />
          </Field>
        </div>
      );
    case "image":
      return <ImageFields form={form} index={index} domainId={props.domainId} />;
    case "leadForm":
      return text(
        "heading",
        "Heading",
        "The form asks for an email and a ZIP code and shows the consent line.",
      );
    case "forSale":
      return text(
        "text",
        "Banner text",
        "When the domain is listed, the price and Buy now / Make offer show too.",
      );
    case "links":
      return <LinksFields form={form} index={index} builder={props.builder} />;
    case "contact":
      return text("heading", "Heading", "Messages reach you as notifications.");
    case "redirect":
      return text(
        "url",
        "Send visitors to",
        "Visitors go straight to this address instead of seeing a page.",
      );
  }
}
