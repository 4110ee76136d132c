import { zodResolver } from "@hookform/resolvers/zod";
import {
  BLOCK_TYPES,
  defaultBlocks,
  PAGE_PATHS,
  type TPageAnswer,
  type TPageBody,
  type TPageTemplate,
  ZPageBody,
} from "@shared/api/parked-pages";
import { pathTo } from "@shared/path-to";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { PurchaseBlockedNote } from "@/components/purchase-blocked-note";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { useRouteBlock } from "@/lib/can-purchase";
import { toast, toastError } from "@/lib/toast";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useSavePage } from "../api/save-page";
import { PAGE_TEMPLATE_HINTS, PAGE_TEMPLATE_OPTIONS } from "../utils/template-labels";
import { BLOCK_LABELS, BlockFields, newBlock, type PageForm } from "./block-fields";
import { PagePreview } from "./page-preview";

/**
 * The page builder (docs/product.md#parked-pages): the template, the blocks in order with their
 * fields, and a live preview rendered by the server as visitors will see it. Without the Landing
 * Page Builder only the template and its default blocks' words can change. `children` renders
 * what the page composes below the editor (versions, split tests), given the current draft.
 */
export function PageBuilder(props: {
  domainId: string;
  domainName: string;
  saved: TPageAnswer;
  /** Shown, not edited: the owner reading a leased domain's page (its lessee's). */
  readOnly?: boolean;
  children?: (draft: TPageBody | null) => React.ReactNode;
}) {
  const { domainId, domainName, saved } = props;
  const form: PageForm = useForm({
    resolver: zodResolver(ZPageBody),
    defaultValues: { template: saved.template, blocks: saved.blocks },
    values: { template: saved.template, blocks: saved.blocks },
  });
  const blocks = useFieldArray({ control: form.control, name: "blocks" });
  const save = useSavePage(domainId);
  // A viewer reads the page: its fields are shown, not edited, and Save says why.
  const saveBlock = useRouteBlock("PUT", pathTo(PAGE_PATHS.page, { id: domainId }));
  const [adding, setAdding] = useState<string>("headline");
  const watched = form.watch();
  const settled = useDebouncedValue(JSON.stringify(watched), 400);
  const parsedDraft = ZPageBody.safeParse(JSON.parse(settled));
  const draft = parsedDraft.success ? parsedDraft.data : null;

  function changeTemplate(template: TPageTemplate) {
    form.setValue("template", template, { shouldDirty: true });
    // Without the builder the blocks are the template's own, so they follow the template.
    if (!saved.builder) blocks.replace(defaultBlocks(template, domainName));
  }

  const submit = form.handleSubmit((page) =>
    save.mutate(page, {
      onSuccess: (answer) =>
        toast({ title: "Page Saved", description: `Version ${answer.version} is live on ${domainName}.` }),
      onError: (error) => toastError(error, "Failed to save the page. Please try again."),
    }),
  );
  const firstError = form.formState.errors.blocks
    ? "Some blocks need attention: check the highlighted fields."
    : undefined;

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="grid content-start gap-4">
          <form onSubmit={submit} noValidate aria-label="Page builder" className="grid content-start gap-4">
            <fieldset
              disabled={props.readOnly || saveBlock !== null}
              className="grid min-w-0 content-start gap-4"
            >
              <Card>
                <CardContent className="grid gap-4 pt-6 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="page-template">Template</Label>
                    <Select
                      id="page-template"
                      value={form.watch("template")}
                      options={PAGE_TEMPLATE_OPTIONS}
                      onValueChange={(v) => changeTemplate(v as TPageTemplate)}
                      aria-describedby="page-template-hint"
                    />
                    <p id="page-template-hint" className="text-muted-foreground text-xs">
                      {PAGE_TEMPLATE_HINTS[form.watch("template")]}
                    </p>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor="page-add-block">Add a block</Label>
                    <div className="flex gap-2">
                      <Select
                        id="page-add-block"
                        className="flex-1"
                        value={adding}
                        disabled={!saved.builder}
                        options={BLOCK_TYPES.map((t) => ({ value: t, label: BLOCK_LABELS[t] }))}
                        onValueChange={setAdding}
                      />
                      <Button
                        variant="outline"
                        disabled={!saved.builder || blocks.fields.length >= 20}
                        onClick={() => blocks.append(newBlock(adding as (typeof BLOCK_TYPES)[number]))}
                      >
                        Add
                      </Button>
                    </div>
                  </div>
                  {!saved.builder && (
                    <p className="text-muted-foreground text-sm sm:col-span-2">
                      Choose a template and edit its blocks. The Landing Page Builder marketing tool lets you
                      add, remove and arrange blocks: images, related links, a contact form, a redirect.
                    </p>
                  )}
                </CardContent>
              </Card>
              {blocks.fields.map((field, index) => {
                const block = watched.blocks?.[index] ?? field;
                return (
                  <Card
                    key={field.id}
                    aria-label={`Block ${index + 1}: ${BLOCK_LABELS[field.type]}`}
                    role="group"
                  >
                    <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
                      <CardTitle className="text-base">{BLOCK_LABELS[field.type]}</CardTitle>
                      {saved.builder && (
                        <div className="flex gap-1">
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label="Move up"
                            disabled={index === 0}
                            onClick={() => blocks.move(index, index - 1)}
                          >
                            <ArrowUp />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon-sm"
                            aria-label="Move down"
                            disabled={index === blocks.fields.length - 1}
                            onClick={() => blocks.move(index, index + 1)}
                          >
                            <ArrowDown />
                          </Button>
                          <Button
                            variant="ghost-remove"
                            size="icon-sm"
                            aria-label="Remove block"
                            disabled={blocks.fields.length === 1}
                            onClick={() => blocks.remove(index)}
                          >
                            <Trash2 />
                          </Button>
                        </div>
                      )}
                    </CardHeader>
                    <CardContent>
                      <BlockFields
                        form={form}
                        index={index}
                        block={block as Parameters<typeof BlockFields>[0]["block"]}
                        builder={saved.builder}
                        domainId={domainId}
                      />
                    </CardContent>
                  </Card>
                );
              })}
              {firstError && (
                <p role="alert" className="text-destructive text-sm">
                  {firstError}
                </p>
              )}
              {!props.readOnly && (
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={save.isPending} {...saveBlock?.button}>
                    {save.isPending ? "Saving…" : "Save and publish"}
                  </Button>
                  <span className="text-muted-foreground text-sm">
                    Live version {saved.version || "default"}
                  </span>
                  <PurchaseBlockedNote block={saveBlock} className="basis-full" />
                </div>
              )}
            </fieldset>
          </form>
        </div>
        <PagePreview domainId={domainId} domainName={domainName} draft={draft} />
      </div>
      {props.children?.(draft)}
    </div>
  );
}
