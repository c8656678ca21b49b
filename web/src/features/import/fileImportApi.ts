/**
 * The broker-file calls: read files (one import may send a history and its positions download together, the
 * answers to the questions the last reading asked, a column mapping or a saved one's id), and the user's
 * saved column mappings.
 */
import type { ColumnMapping, FileReply, OpeningAnswer, SavedMapping, SavedMappings, SaveMappingBody } from "@folio/proto/import";
import { Routes } from "@folio/proto/routes";
import { api } from "../../app/api.ts";
import { request } from "../../app/endpoint.ts";

export interface ReadFilesArgs {
  files: File[];
  mapping?: ColumnMapping;
  mappingId?: string;
  openings?: OpeningAnswer[];
}

export const fileImportApi = api.injectEndpoints({
  endpoints: (build) => ({
    readBrokerFiles: build.mutation<FileReply, ReadFilesArgs>({
      query: ({ files, mapping, mappingId, openings }) => {
        const body = new FormData();
        if (mapping) body.set("mapping", JSON.stringify(mapping));
        if (mappingId) body.set("mappingId", mappingId);
        if (openings?.length) body.set("openings", JSON.stringify(openings));
        for (const file of files) body.append("file", file, file.name);
        return request(Routes.import.file, { body });
      },
    }),
    savedMappings: build.query<SavedMappings, void>({
      query: () => request(Routes.import.mappings),
      keepUnusedDataFor: 0,
    }),
    saveMapping: build.mutation<SavedMapping, SaveMappingBody>({
      query: (body) => request(Routes.import.saveMapping, { body }),
    }),
    deleteMapping: build.mutation<null, string>({
      query: (id) => request(Routes.import.deleteMapping, { params: { id } }),
    }),
  }),
});

export const { useReadBrokerFilesMutation, useSavedMappingsQuery, useSaveMappingMutation, useDeleteMappingMutation } = fileImportApi;
