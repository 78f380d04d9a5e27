/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by openapi-typescript.
 * Do not edit: change openapi.yaml or scripts/client/ and run `make generate`.
 */
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reports that the service can serve.
         * @description The liveness probe; it does not look at the store (see `/readyz`).
         */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reports whether the service can serve requests now.
         * @description The readiness probe: 200 while the process takes new work and its store
         *     is usable, or has been unusable (its ping failing, or unanswered within
         *     0.5 s) for less than `READINESS_STORE_GRACE` (30 s): a shorter outage is
         *     most likely one every instance shares, and each instance stays in
         *     rotation answering its own 503 `unavailable`. Past the grace, 503
         *     `unavailable`. From the moment a shutdown starts (SIGTERM) it answers
         *     503 `stopping` while everything else is still served for
         *     `SHUTDOWN_DELAY` seconds, so a load balancer takes the instance out
         *     before its listener closes. Load balancers send traffic only to
         *     instances that answer 200.
         */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reports the service's metrics in the Prometheus text format.
         * @description For Prometheus to scrape. `http_request_duration_seconds` is a histogram
         *     labelled by `method`, `route` (the path template in this document, or
         *     `unmatched`) and `status`; `store_commit_duration_seconds` and
         *     `store_commit_batch_size` describe the store's group commits; the rest are
         *     the Node.js process defaults (`process_*`, `nodejs_*`). No label holds an id
         *     from a path or a user.
         */
        get: operations["scrapeMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Creates a stream, optionally with an initial message.
         * @description Creates a stream with the caller as its creator and first member, and
         *     with the initial message when one is sent. The answer is the stored stream,
         *     with its new `id`, and `Location` names it. Each stream counts against its
         *     creator's streams quota, and each `Idempotency-Key` kept against their keys
         *     quota: past either, 403 `quota-exceeded` and nothing is stored.
         */
        post: operations["createStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/streams/nav": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reads the caller's navigation preferences.
         * @description The caller's stream-list preferences as last saved with
         *     `PATCH /api/streams/nav`. They exist before the first save, never
         *     404: until then this answers the defaults (the example `defaults`):
         *     `pinnedStreamIds`, `pinnedSessionIds` and `archivedStreamIds` empty,
         *     `rankByStreamId` and `lastViewedAt` empty maps, `hideStreamTipSeen`
         *     false, no `grouping`, `listView`, `sort` or `leftSidebarWidth` (the
         *     app's own choice), and `updatedAt` `1970-01-01T00:00:00.000Z`, the Unix
         *     epoch: never changed. With its `ETag`, so the first save can be
         *     conditional too (`If-Match`).
         */
        get: operations["getNavigationPreferences"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Updates navigation preferences; every field optional.
         * @description Applies the body to the caller's preferences as an RFC 7396 merge patch
         *     (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the first patch
         *     merges into the defaults `GET` answers until then. The merged document holds at most 256 KiB (413
         *     `document-too-large`, nothing stored).
         */
        patch: operations["patchNavigationPreferences"];
        trace?: never;
    };
    "/api/streams/{streamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reads a stream with its initial message.
         * @description Who may read a stream: its `members` (the creator is always one), and, when
         *     its `visibility` is exactly `public`, every authenticated user. Any other
         *     `visibility` (`private`, `Public`, none at all) keeps it to its members.
         *     Anyone else gets the same 404 as for a stream that does not exist: the same
         *     `type`, `title`, `detail` (naming the id as sent) and headers, so an id tells
         *     an outsider nothing. Without authentication every request is the user
         *     `local`, so every stream written that way is its own.
         */
        get: operations["getStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reads the caller's notification settings.
         * @description The caller's notification settings as last saved with
         *     `PATCH /api/notifications/settings`. They exist before the first save,
         *     never 404: until then this answers the defaults (the example
         *     `defaults`): `overrides` and `vips` empty maps, no `sound`, and no
         *     `channels`, `availability` or stream `defaults` (the app's own choice),
         *     with `updatedAt` `1970-01-01T00:00:00.000Z`, the Unix epoch: never
         *     changed. With its `ETag`, so the first save can be conditional too
         *     (`If-Match`).
         */
        get: operations["getNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Updates notification settings; every top-level field is optional.
         * @description Applies the body to the caller's notification settings as an RFC 7396
         *     merge patch (see *Merge behaviour of the PATCH operations* above) and answers the whole document; the
         *     first patch merges into the defaults `GET` answers until then. The merged document holds at most 256 KiB (413
         *     `document-too-large`, nothing stored).
         */
        patch: operations["patchNotificationSettings"];
        trace?: never;
    };
    "/api/notifications/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lists the caller's registered devices.
         * @description Paged: at most `limit` devices a page, in one stable order that holds
         *     across pages (by the text `appId/installationId`, so `com.example.chat.desktop`
         *     sorts before `com.example.chat`). When more follow, the `Link` header gives
         *     the next page.
         */
        get: operations["listDevices"];
        /**
         * Registers a device.
         * @description A registration is keyed by `(appId, installationId)`. Registering the same
         *     key again replaces the stored record (a new token replaces the old) and
         *     moves it to the calling user. A new registration (201) is named by
         *     `Location`, where `GET` reads it with its `ETag`.
         *
         *     A key that another user holds is none of the caller's, as for `GET` and
         *     `DELETE`: the caller's registration is new (201, with a `createdAt` of its
         *     own and `Location`), and the other user's is gone (their list no longer
         *     has it). For the preconditions too it is none: `If-None-Match: *` goes
         *     ahead, `If-Match` gets 412.
         */
        put: operations["registerDevice"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/devices/{appId}/{installationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The registration's `appId`, percent-encoded.
                 * @example com.example.chat
                 */
                appId: string;
                /**
                 * @description The registration's `installationId`, percent-encoded.
                 * @example 6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6
                 */
                installationId: string;
            };
            cookie?: never;
        };
        /**
         * Reads one of the caller's devices.
         * @description The caller's registration with this `appId` and `installationId`, with its
         *     `ETag`, for a later `If-Match` on `PUT /api/notifications/devices` or
         *     `DELETE`. Another user's registration is never shown: when the caller has
         *     none with these ids, 404 (the same as for ids never registered).
         */
        get: operations["getDevice"];
        put?: never;
        post?: never;
        /**
         * Unregisters one of the caller's devices.
         * @description Removes the caller's registration with this `appId` and `installationId`,
         *     so the device gets no more notifications, and frees a place in the caller's
         *     devices quota. Another user's registration is never touched: when the caller
         *     has none with these ids, 404, so a repeated delete is 404, whatever
         *     `If-Match` says (`*` included: there is nothing to compare it with).
         */
        delete: operations["unregisterDevice"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cycles/templates/{templateId}/draft": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The cycle template's id.
                 * @example 0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b
                 */
                templateId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /**
         * Reads the draft of a cycle template.
         * @description The template's stored draft, shared by every user; 404 when the template
         *     has none. Its `updatedAt` is what a save over it names in
         *     `expectedDraftUpdatedAt` (see `PUT`).
         */
        get: operations["getCycleTemplateDraft"];
        /**
         * Saves the draft of a cycle template.
         * @description One draft per `templateId`. With `createOnly: true` the save fails with
         *     409 when a draft already exists. With `expectedDraftUpdatedAt` the save
         *     succeeds only if it names the same instant as the stored draft's
         *     `updatedAt` (compared as instants); otherwise, or when no draft exists
         *     yet, 409. Every 409 carries the current `updatedAt` (null when there is no
         *     draft). `updatedAt` strictly increases on every save. Phase `id`s must be
         *     unique within the draft (400 otherwise).
         *
         *     The headers' preconditions are decided first (RFC 9110 §13.2.2): a save
         *     whose `If-Match` or `If-None-Match` does not hold gets 412, whatever
         *     `createOnly` and `expectedDraftUpdatedAt` say; only a save whose
         *     preconditions hold can get 409. Either way nothing is saved.
         */
        put: operations["saveCycleTemplateDraft"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/identity/settings/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The settings namespace; any non-empty string, percent-encoded.
                 * @example profile
                 */
                namespace: string;
            };
            cookie?: never;
        };
        /**
         * Reads the caller's identity settings in one namespace.
         * @description The caller's settings in one namespace as last saved with `PATCH`; 404
         *     when the caller has saved nothing there.
         */
        get: operations["getIdentitySettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Patches identity settings in one namespace.
         * @description Applies the wrapper's `patch` member to the namespace's `settings` as an
         *     RFC 7396 merge patch and answers the namespace; the first patch creates it.
         *     Each namespace counts against the caller's namespaces quota (403
         *     `quota-exceeded`), and holds at most 256 KiB (413 `document-too-large`);
         *     nothing is stored past either.
         */
        patch: operations["patchIdentitySettings"];
        trace?: never;
    };
    "/api/chat/reads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Records the last message read in a stream, optionally in one thread session.
         * @description A marker is keyed by `(caller, streamId, threadSessionId or none)`; the
         *     latest write wins. Stream, session and message ids are not checked for
         *     existence: they belong to other parts of the product. Unlike every other
         *     single-resource write, a marker has no `ETag` and takes no precondition
         *     (see *Retries and conditional requests*): `If-Match` and `If-None-Match`
         *     are not read.
         */
        put: operations["markRead"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/reads/{streamId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Lists the caller's read markers in one stream.
         * @description The caller's read markers in one stream, as saved with
         *     `PUT /api/chat/reads`, a page at a time: an empty list when there are none
         *     (the stream itself is not looked up).
         */
        get: operations["listReadMarkers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * Format: uuid
         * @description A UUID, 8-4-4-4-12 hex digits (either case), version 1 to 8 with the standard variant, or the nil or all-f UUID; stored and returned in lower case (RFC 9562).
         */
        Uuid: string;
        /**
         * Format: entity-tags
         * @description `*`, or one or more entity tags separated by commas (RFC 9110 §8.8.3,
         *     §13.1), each `"…"` (strong) or `W/"…"` (weak), as `ETag` gave them.
         * @example "mZ4tX0n1cE3kQ5qJ8fWv2A"
         */
        EntityTags: string;
        /**
         * @description Liveness report.
         * @example {
         *       "status": "ok"
         *     }
         */
        Health: {
            /**
             * @description Always `ok` while the service can serve.
             * @enum {string}
             */
            status: "ok";
        };
        /**
         * @description A request's id (see the `X-Request-Id` header).
         * @example 5f0c6a4e-1b7d-4c8e-9a2f-3d4b5c6d7e8f
         */
        RequestId: string;
        /** @description An RFC 9457 problem document. */
        Problem: {
            type: components["schemas"]["ProblemType"];
            /** @description A short summary of the kind of problem. */
            title: string;
            /**
             * Format: int32
             * @description The HTTP status code.
             */
            status: number;
            /** @description What went wrong with this request. */
            detail: string;
            /**
             * @description Validation failures, one per offending field, at most 50. A body of
             *     more than 1024 values (objects, arrays and scalars, counted over the
             *     whole body) is checked only up to its first error, which is listed
             *     alone, and `detail` says so: listing every error costs time in the
             *     number of errors, and a megabyte can hold millions.
             * @example [
             *       {
             *         "path": "/body/title",
             *         "message": "is required"
             *       }
             *     ]
             */
            errors?: components["schemas"]["FieldError"][];
            /**
             * Format: int32
             * @description Offending fields beyond the 50 listed in `errors`; absent when all are listed.
             */
            errorsNotListed?: number;
            requestId: components["schemas"]["RequestId"];
        };
        /**
         * @description The kind of problem: a URI. The types known today are listed in
         *     `x-extensible-enum`, each with its meaning and status in
         *     `x-enumDescriptions`. The list is open: a later minor version may add a
         *     type, so a client branches on `type` where it knows it (not on `title` or
         *     `detail`) and treats a type it does not know by its status.
         */
        ProblemType: string;
        /** @description One validation failure. */
        FieldError: {
            /** @description JSON pointer to the offending value, e.g. `/body/phasesTemplate/0/goal`. */
            path: string;
            /** @description What is wrong with it. */
            message: string;
        };
        /** @description A 421 problem naming the `Host` that is not served (`host-not-allowed`). */
        HostProblem: components["schemas"]["Problem"] & components["schemas"]["HostExtension"];
        /** @description The extension member (RFC 9457) of a `host-not-allowed` problem. */
        HostExtension: {
            /** @description The `Host` header as sent. */
            host: string;
        };
        /** @description A 403 problem naming the origin of a CORS preflight that `CORS_ORIGINS` does not allow (`origin-not-allowed`). */
        OriginProblem: components["schemas"]["Problem"] & components["schemas"]["OriginExtension"];
        /** @description The extension member (RFC 9457) of an `origin-not-allowed` problem. */
        OriginExtension: {
            /** @description The preflight's `Origin` header as sent. */
            origin: string;
        };
        /** @description A 403 problem naming the quota the write would pass (`quota-exceeded`). */
        QuotaProblem: components["schemas"]["Problem"] & components["schemas"]["QuotaExtension"];
        /** @description The extension members (RFC 9457) of a `quota-exceeded` problem. */
        QuotaExtension: {
            quota: components["schemas"]["QuotaName"];
            /**
             * Format: int64
             * @description The quota.
             */
            limit: number;
            /**
             * Format: int64
             * @description What the caller keeps now (records, or bytes for `QUOTA_BYTES`).
             */
            used: number;
        };
        /**
         * @description The setting of a quota. The quotas known today are listed in
         *     `x-extensible-enum`. The list is open: a later minor version may add a
         *     quota, so a client that does not know the value still has the status,
         *     the type, `limit` and the detail.
         * @example QUOTA_DEVICES
         */
        QuotaName: string;
        /** @description A 409 problem carrying the stored draft's current `updatedAt` (`conflict`). */
        DraftConflictProblem: components["schemas"]["Problem"] & components["schemas"]["DraftConflictExtension"];
        /** @description The extension member (RFC 9457) of a draft's `conflict` problem. */
        DraftConflictExtension: {
            /**
             * Format: date-time
             * @description The stored draft's `updatedAt`, or null when no draft exists.
             */
            updatedAt: string | null;
        };
        /** @description Stream creation payload. */
        CreateStreamRequest: {
            /** @description The stream's title. */
            title: string;
            /** @description Who can read the stream; any string. Exactly `public` opens it to every authenticated user; any other value, or none, keeps it to its members. */
            visibility?: string;
            /** @description User identifiers of initial members, who can read the stream beside the creator; not checked for existence. */
            memberUserIds?: string[];
            initialMessage?: components["schemas"]["InitialMessageInput"];
        };
        /** @description The stream's first message. */
        InitialMessageInput: {
            content: components["schemas"]["MessageContent"];
            /** @description Identifiers of attached assets; not checked for existence. */
            assetIds?: string[];
        };
        /** @description Structured rich-text content; a tree of nodes, each with a string `type`. */
        MessageContent: {
            /** @description Top-level blocks, in order. */
            blocks: components["schemas"]["Block"][];
        };
        /** @description One block; the variants overlap and are alternatives in the `anyOf` sense. */
        Block: components["schemas"]["RichTextBlock"] | components["schemas"]["MarkdownBlock"] | components["schemas"]["AssetBlock"] | components["schemas"]["ComponentBlock"];
        /** @description A block of rich-text elements (`type` seen as `rich_text`). */
        RichTextBlock: {
            /** @description Node type. */
            type: string;
            /** @description The block's elements. */
            elements: components["schemas"]["Element"][];
        };
        /** @description A block of Markdown text. */
        MarkdownBlock: {
            /** @description Node type. */
            type: string;
            /** @description Markdown source. */
            markdown: string;
        };
        /** @description A block showing an uploaded asset. */
        AssetBlock: {
            /** @description Node type. */
            type: string;
            /**
             * Format: uuid
             * @description The asset's id; not checked for existence.
             */
            assetId: string;
            /** @description The asset's file name. */
            fileName: string;
            /** @description The asset's media type. */
            contentType: string;
        };
        /** @description A block rendered by a named client component. */
        ComponentBlock: {
            /** @description Node type. */
            type: string;
            /** @description The component's name. */
            component: string;
            /** @description The component's options. */
            options: string[];
        };
        /** @description One element of a rich-text block; the variants overlap and are alternatives in the `anyOf` sense. */
        Element: components["schemas"]["ParagraphElement"] | components["schemas"]["ListElement"] | components["schemas"]["CodeBlockElement"] | components["schemas"]["TableElement"];
        /** @description A paragraph of inline nodes (`type` seen as `paragraph`). */
        ParagraphElement: {
            /** @description Node type. */
            type: string;
            /** @description Writing direction. */
            direction?: string;
            /** @description The paragraph's inline nodes. */
            children: components["schemas"]["InlineNode"][];
        };
        /** @description A list; lists nest through their items. */
        ListElement: {
            /** @description Node type. */
            type: string;
            /** @description Kind of list. */
            listType: string;
            /**
             * Format: int64
             * @description Number of the first item.
             */
            start?: number;
            /** @description The list's items. */
            children: components["schemas"]["ListItem"][];
        };
        /** @description One list item. */
        ListItem: {
            /** @description Node type. */
            type: string;
            /** @description Checkbox state of a task item. */
            checked?: boolean;
            /** @description Inline nodes, or nested lists. */
            children: components["schemas"]["ListItemChild"][];
        };
        /** @description A child of a list item; an inline node or a nested list. */
        ListItemChild: components["schemas"]["InlineNode"] | components["schemas"]["ListElement"];
        /** @description A block of code. */
        CodeBlockElement: {
            /** @description Node type. */
            type: string;
            /** @description The code's language. */
            language?: string;
            /** @description The code. */
            code: string;
        };
        /** @description A table-like container of rows. */
        TableElement: {
            /** @description Node type. */
            type: string;
            /** @description The rows. */
            children: components["schemas"]["TableRow"][];
        };
        /** @description One row of a table-like container. */
        TableRow: {
            /** @description Node type. */
            type: string;
            /** @description The row's cells. */
            children: components["schemas"]["TableCell"][];
        };
        /** @description One cell of a row. */
        TableCell: {
            /** @description Node type. */
            type: string;
            /** @description Horizontal alignment. */
            align?: string;
            /** @description The cell's inline nodes. */
            children: components["schemas"]["InlineNode"][];
        };
        /** @description An inline node; the variants overlap (every node is also a type-only node) and are alternatives in the `anyOf` sense. */
        InlineNode: components["schemas"]["TextNode"] | components["schemas"]["LinkNode"] | components["schemas"]["TypeOnlyNode"] | components["schemas"]["TriggerNode"];
        /** @description A run of text (`type` seen as `text`). */
        TextNode: {
            /** @description Node type. */
            type: string;
            /** @description The text. */
            text: string;
            style?: components["schemas"]["TextStyle"];
        };
        /** @description Styling of a text node. */
        TextStyle: {
            /** @description Bold. */
            bold?: boolean;
            /** @description Italic. */
            italic?: boolean;
            /** @description Struck through. */
            strikethrough?: boolean;
            /** @description Inline code. */
            code?: boolean;
        };
        /** @description A link around inline nodes. */
        LinkNode: {
            /** @description Node type. */
            type: string;
            /** @description The link target. */
            url: string;
            /** @description The link's content; text nodes or type-only nodes. */
            children: components["schemas"]["LinkChild"][];
        };
        /** @description A child of a link; a text node or a type-only node. */
        LinkChild: components["schemas"]["TextNode"] | components["schemas"]["TypeOnlyNode"];
        /** @description A node carrying only its type. */
        TypeOnlyNode: {
            /** @description Node type. */
            type: string;
        };
        /** @description A node that names a trigger. */
        TriggerNode: {
            /** @description Node type. */
            type: string;
            /** @description The trigger's name. */
            triggerName: string;
        };
        /** @description A stream as stored. */
        Stream: {
            /**
             * Format: uuid
             * @description Server-made id (UUID v7).
             */
            id: string;
            /** @description The stream's title. */
            title: string;
            /** @description Who can read the stream, as given at creation; absent when not given. Exactly `public` means every authenticated user; any other value, or none, means its members only. */
            visibility?: string;
            /** @description User ids of the members, who can read the stream whatever its `visibility`; the creator first, then `memberUserIds` in order, without duplicates. */
            members: string[];
            /** @description User id of the creator. */
            createdBy: string;
            /**
             * Format: date-time
             * @description When the stream was created.
             */
            createdAt: string;
            initialMessage?: components["schemas"]["Message"];
        };
        /** @description A stored message; absent from a stream created without one. */
        Message: {
            /**
             * Format: uuid
             * @description Server-made id (UUID v7).
             */
            id: string;
            /** @description User id of the author. */
            authorId: string;
            content: components["schemas"]["MessageContent"];
            /** @description Identifiers of attached assets, as given; empty when none were given. */
            assetIds: string[];
            /**
             * Format: date-time
             * @description When the message was created.
             */
            createdAt: string;
        };
        /**
         * @description Which messages notify.
         * @enum {string}
         */
        NotificationLevel: "mentions" | "none";
        /**
         * @description Notification sound.
         * @enum {string}
         */
        Sound: "shake-bottle-pop" | "boing" | "bubble-pop" | "bubble-pop-quick" | "bubbles-pop" | "doodoodoo" | "doodoodoo-reverb" | "high-pitch-ping" | "light-double-clicks" | "mhm" | "music-note" | "oooh" | "quack" | "store-door-opening" | "throw-boing" | "uhoh" | "water-drop" | "wow";
        /**
         * @description `null` in a merge patch: removes the member (RFC 7396). Written as a
         *     nullable string that is not a string, since OpenAPI 3.0 has no `null`
         *     type: a client sends JSON `null`.
         */
        Removal: null;
        /** @description When the user is available for notifications; all members required. */
        Availability: {
            /** @description Whether availability hours apply. */
            enabled: boolean;
            /** @description Time zone of `start` and `end`. */
            timeZone: string;
            /** @description Days on which the hours apply; any integers. */
            days: number[];
            /**
             * Format: time-hhmm
             * @description Start of the hours, `HH:MM`, 00:00 to 23:59.
             */
            start: string;
            /**
             * Format: time-hhmm
             * @description End of the hours, `HH:MM`, 00:00 to 23:59.
             */
            end: string;
        };
        /** @description Mobile notification levels of a stream-notification rule. */
        RuleMobileChannel: {
            main: components["schemas"]["NotificationLevel"];
            sessions: components["schemas"]["NotificationLevel"];
        };
        /** @description A stream-notification rule as stored. */
        StreamNotificationRule: {
            /** @description Per-channel levels. */
            channels: {
                mobile?: components["schemas"]["RuleMobileChannel"];
            };
            /**
             * Format: date-time
             * @description When the rule stops applying.
             */
            until?: string;
        };
        /** @description A stream-notification rule in a merge patch; `null` removes it. */
        StreamNotificationRulePatch: {
            /** @description Per-channel levels. */
            channels: {
                /** @description Mobile levels; `null` removes them. */
                mobile?: {
                    main: components["schemas"]["NotificationLevel"];
                    sessions: components["schemas"]["NotificationLevel"];
                } | null;
            };
            /**
             * Format: date-time
             * @description When the rule stops applying; may be null (removes it).
             */
            until?: string | null;
        } | null;
        /** @description Notification rule for one VIP. */
        VipRule: {
            /** @description Whether this VIP's messages bypass availability hours. */
            bypass: boolean;
        };
        /** @description A JSON merge patch of the caller's notification settings; every member optional, `null` removes. */
        NotificationSettingsPatch: {
            /** @description Global channels. */
            channels?: {
                /** @description The mobile channel; `enabled` is required when given. */
                mobile?: {
                    /** @description Whether mobile notifications are on. */
                    enabled: boolean;
                } | null;
            } | null;
            /** @description Availability hours; when given, all of its members are required. */
            availability?: {
                /** @description Whether availability hours apply. */
                enabled: boolean;
                /** @description Time zone of `start` and `end`. */
                timeZone: string;
                /** @description Days on which the hours apply; any integers. */
                days: number[];
                /**
                 * Format: time-hhmm
                 * @description Start of the hours, `HH:MM`.
                 */
                start: string;
                /**
                 * Format: time-hhmm
                 * @description End of the hours, `HH:MM`.
                 */
                end: string;
            } | null;
            /** @description Default rules. */
            defaults?: {
                stream?: components["schemas"]["StreamNotificationRulePatch"];
            } | null;
            /** @description Map from a key (such as a stream id) to a stream-notification rule; merged per key. Keys are not checked for existence. */
            overrides?: {
                [key: string]: components["schemas"]["StreamNotificationRulePatch"];
            } | null;
            /** @description Map from a key (such as a user id) to a VIP rule; merged per key. Keys are not checked for existence. */
            vips?: {
                [key: string]: {
                    /** @description Whether this VIP's messages bypass availability hours. */
                    bypass: boolean;
                } | null;
            } | null;
            /** @description A `Sound`, or `null`, which removes it. */
            sound?: (components["schemas"]["Sound"] | components["schemas"]["Removal"]) | null;
        };
        /** @description The caller's notification settings after all merges. */
        NotificationSettings: {
            /** @description Global channels. */
            channels?: {
                /** @description The mobile channel. */
                mobile?: {
                    /** @description Whether mobile notifications are on. */
                    enabled: boolean;
                };
            };
            availability?: components["schemas"]["Availability"];
            /** @description Default rules. */
            defaults?: {
                stream?: components["schemas"]["StreamNotificationRule"];
            };
            /** @description Map from a key to a stream-notification rule. */
            overrides?: {
                [key: string]: components["schemas"]["StreamNotificationRule"];
            };
            /** @description Map from a key to a VIP rule. */
            vips?: {
                [key: string]: components["schemas"]["VipRule"];
            };
            sound?: components["schemas"]["Sound"];
            /**
             * Format: date-time
             * @description When the settings last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
             */
            updatedAt: string;
        };
        /** @description A push-notification device registration. */
        DeviceRegistration: {
            /** @description The app installation's id. */
            installationId: string;
            /** @description The app's id. */
            appId: string;
            /**
             * @description Platform family; `mobile_a` and `mobile_b` are mobile, `desktop_a` and `desktop_b` desktop operating systems.
             * @enum {string}
             */
            platform: "mobile_a" | "mobile_b" | "desktop_a" | "desktop_b" | "web";
            /** @description The push token. A secret (`x-secret`), recorded as `(redacted)` by `make record`. */
            token: string;
            /**
             * @description Push environment.
             * @enum {string}
             */
            environment: "sandbox" | "production";
            /** @description App version. */
            appVersion?: string;
            /** @description App build. */
            appBuild?: string;
            /** @description Operating system version. */
            osVersion?: string;
            /** @description Device model. */
            deviceModel?: string;
            /**
             * @description Form factor.
             * @enum {string}
             */
            formFactor?: "phone" | "tablet" | "desktop" | "watch";
            /**
             * @description Build variant; debug, beta channel, public store, internal.
             * @enum {string}
             */
            appVariant?: "debug" | "beta_distribution" | "store" | "internal";
            /** @description Locale. */
            locale?: string;
            /** @description Time zone. */
            timeZone?: string;
            /** @description Device capabilities. */
            capabilities?: string[];
            /**
             * @description Notification authorization granted by the operating system.
             * @enum {string}
             */
            systemAuthorization?: "authorized" | "denied" | "provisional" | "ephemeral" | "not_determined";
            /** @description Map from a key to a string value of at most 64 characters. */
            notificationSettings?: {
                [key: string]: string;
            };
            /**
             * @description Background refresh status.
             * @enum {string}
             */
            backgroundRefreshStatus?: "available" | "denied" | "restricted";
            /** @description Whether push is enabled on the device. */
            pushEnabled?: boolean;
            /**
             * @description Push transport; one value, named after a mobile push gateway.
             * @enum {string}
             */
            transport: "push_gateway";
            /**
             * @description Free-form transport metadata, stored as given: at most 16384 bytes
             *     (16 KiB) as compact JSON, which the service checks (400 naming
             *     `/body/transportMetadata` beyond). A device is listed with its metadata,
             *     so this bounds every device on a page.
             */
            transportMetadata?: {
                [key: string]: unknown;
            };
        };
        /** @description A stored device registration. */
        Device: components["schemas"]["DeviceRegistration"] & components["schemas"]["DeviceTimestamps"];
        /** @description When a device registration was made and last changed. */
        DeviceTimestamps: {
            /**
             * Format: date-time
             * @description When the caller registered the `(appId, installationId)` pair; taken over from another user, it starts anew.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the registration last changed.
             */
            updatedAt: string;
        };
        /** @description The caller's devices. */
        DeviceList: {
            /** @description The devices, in the order of the text `appId/installationId` (see the operation); at most `limit`. */
            items: components["schemas"]["Device"][];
        };
        /** @description A JSON merge patch of the caller's navigation preferences; every member optional, `null` removes. */
        NavigationPatch: {
            /** @description Grouping of the stream list; any string. */
            grouping?: string | null;
            /** @description List view; any string. */
            listView?: string | null;
            /** @description Sort order; any string. */
            sort?: string | null;
            /** @description Pinned stream ids, in order; not checked for existence; replaces the stored list. */
            pinnedStreamIds?: string[] | null;
            /** @description Pinned session ids, in order; not checked for existence; replaces the stored list. */
            pinnedSessionIds?: string[] | null;
            /** @description Archived stream ids; not checked for existence; replaces the stored list. */
            archivedStreamIds?: string[] | null;
            /** @description Map from stream id to rank; merged per key; stream ids are not checked for existence. */
            rankByStreamId?: {
                [key: string]: number | null;
            } | null;
            /** @description Map from stream id to when it was last viewed; merged per key; stream ids are not checked for existence. */
            lastViewedAt?: {
                [key: string]: string | null;
            } | null;
            /**
             * Format: int64
             * @description Width of the left sidebar.
             */
            leftSidebarWidth?: number | null;
            /** @description Whether the stream tip was dismissed. */
            hideStreamTipSeen?: boolean | null;
        };
        /** @description The caller's navigation preferences after all merges. */
        NavigationPreferences: {
            /** @description Grouping of the stream list. */
            grouping?: string;
            /** @description List view. */
            listView?: string;
            /** @description Sort order. */
            sort?: string;
            /** @description Pinned streams, in order. */
            pinnedStreamIds?: string[];
            /** @description Pinned sessions, in order. */
            pinnedSessionIds?: string[];
            /** @description Archived streams. */
            archivedStreamIds?: string[];
            /** @description Map from stream id to rank. */
            rankByStreamId?: {
                [key: string]: number;
            };
            /** @description Map from stream id to when it was last viewed. */
            lastViewedAt?: {
                [key: string]: string;
            };
            /**
             * Format: int64
             * @description Width of the left sidebar.
             */
            leftSidebarWidth?: number;
            /** @description Whether the stream tip was dismissed. */
            hideStreamTipSeen?: boolean;
            /**
             * Format: date-time
             * @description When the preferences last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
             */
            updatedAt: string;
        };
        /** @description One phase of a cycle template. */
        Phase: {
            /**
             * Format: uuid
             * @description The phase's id; unique within the draft.
             */
            id: string;
            /**
             * Format: uuid
             * @description The agent working the phase; may be null; not checked for existence.
             */
            agentId: string | null;
            /** @description What the phase achieves. */
            goal: string;
            /** @description Instructions for the phase; may be null. */
            instructions: string | null;
            /** @description Whether the cycle moves on by itself when the phase ends. */
            autoAdvance: boolean;
            /** @description Display name; may be null. */
            phaseName: string | null;
            /** @description User ids of the operators who may work the phase; not checked for existence. */
            operatorPool: string[];
            /** @description Ids of assets attached to the phase; not checked for existence. */
            assetIds?: string[];
            /**
             * Format: uuid
             * @description The phase this one was copied from (in this draft or another); may be null; not checked for existence.
             */
            sourcePhaseId?: string | null;
        };
        /** @description A cycle template draft to save. */
        CycleTemplateDraftInput: {
            /** @description Trigger name; a lowercase letter or digit, then lowercase letters, digits or hyphens. */
            triggerName: string;
            /** @description The template's description; may be null. */
            description: string | null;
            /** @description The phases, in order. */
            phasesTemplate: components["schemas"]["Phase"][];
            /** @description When true, the save fails with 409 if a draft already exists. */
            createOnly?: boolean;
            /**
             * Format: date-time
             * @description When given, the save fails with 409 unless the stored draft's `updatedAt` is this instant.
             */
            expectedDraftUpdatedAt?: string;
        };
        /** @description A stored cycle template draft. */
        CycleTemplateDraft: {
            /**
             * Format: uuid
             * @description The cycle template's id.
             */
            templateId: string;
            /** @description Trigger name. */
            triggerName: string;
            /** @description The template's description. */
            description: string | null;
            /** @description The phases, in order. */
            phasesTemplate: components["schemas"]["Phase"][];
            /**
             * Format: date-time
             * @description When the first draft of this template was saved.
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When the draft was last saved; strictly increases on every save.
             */
            updatedAt: string;
            /** @description User id of the last saver. */
            updatedBy: string;
        };
        /** @description A merge patch of one namespace of identity settings. */
        IdentitySettingsPatch: {
            /** @description Free-form map from key to any value; merged per key as a JSON merge patch, `null` removes a key. */
            patch: {
                [key: string]: unknown;
            };
        };
        /** @description One namespace of the caller's identity settings. */
        IdentitySettings: {
            /** @description The namespace. */
            namespace: string;
            /** @description The settings after all merges. */
            settings: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When the namespace last changed (a patch that changes nothing leaves it).
             */
            updatedAt: string;
        };
        /** @description A read marker to record. */
        ReadMarkerInput: {
            /**
             * Format: uuid
             * @description The stream read in; not checked for existence.
             */
            streamId: string;
            /**
             * Format: uuid
             * @description The thread session read in; absent for the stream itself; not checked for existence.
             */
            threadSessionId?: string;
            /**
             * Format: uuid
             * @description The last message read; not checked for existence.
             */
            lastReadMessageId: string;
        };
        /** @description A stored read marker; sent back to `PUT /api/chat/reads` as it is, it is accepted. */
        ReadMarker: {
            /**
             * Format: uuid
             * @description The stream read in.
             */
            streamId: string;
            /**
             * Format: uuid
             * @description The thread session read in; absent for the stream itself.
             */
            threadSessionId?: string;
            /**
             * Format: uuid
             * @description The last message read.
             */
            lastReadMessageId: string;
            /**
             * Format: date-time
             * @description When the marker was last written.
             */
            updatedAt: string;
        };
        /** @description The caller's read markers in one stream. */
        ReadMarkerList: {
            /** @description Stream-level marker first, then thread markers by thread session id; at most `limit`. */
            items: components["schemas"]["ReadMarker"][];
        };
    };
    responses: {
        /**
         * @description `If-None-Match` names the current representation (or is `*`): nothing
         *     changed since that `ETag` was given. No body. Sent only to a caller who
         *     may read the resource; anyone else gets its 404.
         */
        NotModified: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description `If-Match` names no current representation (it changed since that `ETag`,
         *     or, for `*`, there is none), or `If-None-Match` names the current one (for
         *     `*`: it exists). Nothing changed: read the resource again (GET) for its
         *     `ETag`, and retry.
         *     Problem type: `precondition-failed`.
         */
        PreconditionFailed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description A request with this `Idempotency-Key` is still being served (here or on
         *     another instance); nothing was done. Retry a little later to get its
         *     answer. Should the instance serving it stop, the key is taken over by a
         *     retry after at most `IDEMPOTENCY_KEY_LEASE` (60 s).
         *     Problem type: `idempotency-key-in-flight`.
         */
        IdempotencyKeyInFlight: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description Seconds to wait before retrying, 1; the first request's answer is then likely kept.
                 * @example 1
                 */
                "Retry-After": number;
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description This `Idempotency-Key` was used within the last 24 h
         *     (`IDEMPOTENCY_KEY_TTL`) for another request: another body, or another
         *     operation. Nothing was done; a new request needs a new key.
         *     Problem type: `idempotency-key-reused`.
         */
        IdempotencyKeyReused: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description Authentication is configured and the bearer token is missing, malformed, expired, not yet valid, for another issuer or audience, badly signed, valid for longer than 24 h, issued more than 60 s in the future, or its `sub` is longer than 256 characters.
         *     Problem type: `unauthenticated`.
         */
        Unauthenticated: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description `Bearer`, with `error="invalid_token"` when a token was sent.
                 * @example Bearer
                 */
                "WWW-Authenticate": string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The save conflicts with the stored draft; reload and retry.
         *     Problem type: `conflict`.
         */
        DraftConflict: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["DraftConflictProblem"];
            };
        };
        /**
         * @description The body is over the size limit.
         *     Problem type: `payload-too-large`.
         */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The body is over the size limit, or the stored document would pass its
         *     cap after the merge: a document (notification settings, navigation
         *     preferences, one identity namespace) holds at most 262144 bytes
         *     (256 KiB) as compact JSON. Nothing is stored.
         *     Problem types: `payload-too-large`, `document-too-large`.
         */
        DocumentTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The body's media type is not one the operation takes (`application/json`;
         *     for a PATCH also `application/merge-patch+json`), it names a `charset`
         *     other than UTF-8, or it comes with a `Content-Encoding` other than
         *     `identity` (bodies are taken uncompressed). `detail` says which, and what
         *     to send. Nothing was done.
         *     Problem type: `unsupported-media-type`.
         */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description A bug; the body reveals nothing internal.
         *     Problem type: `internal`.
         */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The path is one of this document's, but it does not serve this method;
         *     `Allow` lists the methods it serves. Declared on every operation, since
         *     any path can be sent a method it does not serve.
         *     Problem type: `method-not-allowed`.
         */
        MethodNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description The methods the path serves, separated by commas.
                 * @example GET, PATCH
                 */
                Allow: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The request's headers did not all arrive within 10 s, or the whole request
         *     within 30 s: a slow sender is cut off and the connection closed. Sent by
         *     the HTTP server before any route is known, so its `X-Request-Id` is always
         *     a new one, whatever the request sent.
         *     Problem type: `request-timeout`.
         */
        RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The request line and headers together are over 64 KiB (a URL counts
         *     towards them). Sent by the HTTP server before any route is known, so its
         *     `X-Request-Id` is always a new one; the connection is closed.
         *     Problem type: `headers-too-large`.
         */
        HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The request is not well-formed HTTP/1.1 (`malformed-request`): its request
         *     line, a header, or a `Content-Length` or `Transfer-Encoding` cannot be
         *     read. Sent by the HTTP server before any route is known, so its
         *     `X-Request-Id` is always a new one; the connection is closed.
         *     Problem type: `malformed-request`.
         */
        MalformedRequest: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description A header parameter breaks the contract, such as an `If-None-Match` that
         *     is no list of entity tags (`validation-failed`, naming
         *     `/headers/<name>`). Or the request is not well-formed HTTP
         *     (`malformed-request`; the connection is closed).
         *     Problem types: `validation-failed`, `malformed-request`.
         */
        HeaderInvalid: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description A CORS preflight from an origin `CORS_ORIGINS` allows: what the page may
         *     send and read. No body.
         */
        PreflightAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description The page's origin, or `*` where every origin is allowed.
                 * @example http://localhost:5173
                 */
                "Access-Control-Allow-Origin": string;
                /**
                 * @description The methods a page may send, separated by commas.
                 * @example GET,HEAD,PUT,PATCH,POST,DELETE
                 */
                "Access-Control-Allow-Methods": string;
                /**
                 * @description The request headers a page may send, separated by commas.
                 * @example Authorization,Content-Type,Prefer,Idempotency-Key,If-Match,If-None-Match,X-Request-Id
                 */
                "Access-Control-Allow-Headers": string;
                /**
                 * @description The response headers a page may read, separated by commas.
                 * @example ETag,Location,X-Request-Id,Link,Retry-After,RateLimit,RateLimit-Policy
                 */
                "Access-Control-Expose-Headers": string;
                /**
                 * @description Seconds a browser may keep this answer.
                 * @example 600
                 */
                "Access-Control-Max-Age": number;
                /** @description `true` from the sandbox only, whose session may be a cookie. */
                "Access-Control-Allow-Credentials"?: "true";
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description A CORS preflight from a page whose origin `CORS_ORIGINS` does not allow;
         *     `origin` names it. A browser shows the page only a failed fetch; the
         *     service logs the refusal.
         *     Problem type: `origin-not-allowed`.
         */
        OriginNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["OriginProblem"];
            };
        };
        /**
         * @description The write would pass one of the caller's quotas: records kept per
         *     collection (streams created, devices, identity namespaces, drafts last
         *     saved, read markers, read markers in one stream) or bytes stored. Streams
         *     and drafts are shared: each counts against the user who last wrote it.
         *     Nothing was stored; deleting frees room, and writes that do not grow what
         *     the caller keeps still work. `quota` names the setting, `limit` its value.
         *     Problem type: `quota-exceeded`.
         */
        QuotaExceeded: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["QuotaProblem"];
            };
        };
        /**
         * @description Only without authentication (the service on loopback with no token
         *     setting, or the sandbox): the request's `Host` is not one of this
         *     machine's names (`localhost`, `127.0.0.1`, `[::1]`, on any port) nor in
         *     `ALLOWED_HOSTS`, so it may come from a web page under another name made
         *     to resolve to this machine (DNS rebinding): this server does not answer
         *     for that name (RFC 9110 §15.5.20). Nothing was done. With authentication
         *     configured, the token decides and this is never sent.
         *     Problem type: `host-not-allowed`.
         */
        HostNotAllowed: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["HostProblem"];
            };
        };
        /**
         * @description The caller has made all the writes a user may make in the current window
         *     (by default 1200 per 60 s), or, in the sandbox (`make sandbox`), the
         *     client has started all the new sessions it may start in a minute
         *     (`SANDBOX_NEW_SESSIONS`). Nothing of the request was done; retry after
         *     `Retry-After` seconds. Decided before the body is read.
         *     Problem type: `rate-limited`.
         */
        RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description Seconds until the window ends.
                 * @example 1
                 */
                "Retry-After": number;
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The store holds as much as this deployment allows (`STORE_MAX_BYTES`, 512 MiB
         *     by default, where data is kept in the service's own file, or as much as the
         *     memory of the process that holds it takes) and this write would grow it.
         *     Nothing was stored; deletes and writes that do not grow the store still work.
         *     Problem type: `storage-full`.
         */
        StorageFull: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /**
         * @description The service cannot serve the request now, and nothing of it was done or
         *     kept; retry after `Retry-After` seconds. Either the store cannot keep or
         *     read data right now (`unavailable`: a full disk, a database that is
         *     unreachable), or the process sheds load it cannot serve promptly
         *     (`overloaded`: too many requests, or body bytes, in flight in the process,
         *     or too many requests of one user), answered at once instead of queued.
         *     The sandbox (`make sandbox`) also answers `sessions-in-use` when the
         *     sessions that could make room for this one were all used recently.
         *     Problem types: `unavailable`, `overloaded`, `sessions-in-use`.
         */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                /**
                 * @description Seconds to wait before retrying.
                 * @example 1
                 */
                "Retry-After": number;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description The most items a page holds. */
        Limit: number;
        /**
         * @description Where the page starts: the opaque value (base64url) from the previous
         *     page's `Link: <…>; rel="next"` header. Another value of that form starts
         *     the page somewhere in the caller's own list; it never reaches anyone
         *     else's records. A value not of that form gets 400.
         */
        Cursor: string;
        /**
         * @description Makes the create safe to retry (draft-ietf-httpapi-idempotency-key-header):
         *     a key of the client's choosing, unique per request it means, such as a
         *     UUID; 1 to 255 printable ASCII characters, as a Structured Field string
         *     (`"…"`, with `\"` and `\\` for a quote and a backslash) or bare
         *     (`8e03978e-…`; both name the key between the quotes). A repeat with the
         *     same key and request by the same user within 24 h (`IDEMPOTENCY_KEY_TTL`)
         *     gets the first answer again, exactly, and creates nothing; with another
         *     request, 422; while the first is still being served, 409. A longer or
         *     malformed key gets 400. Any other request refused (4xx) keeps no key; a
         *     user keeps at most 5000 (`QUOTA_IDEMPOTENCY_KEYS`), and a new one past
         *     that gets 403 `quota-exceeded`.
         * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
         */
        IdempotencyKey: string;
        /**
         * @description The write goes ahead only while the resource's current representation has
         *     one of these entity tags (strong comparison: a weak `W/"…"` never
         *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
         *     `precondition-failed` and nothing changes. Checked in the same atomic step
         *     as the write, so of two writers holding one `ETag` only the first succeeds.
         */
        IfMatch: components["schemas"]["EntityTags"];
        /**
         * @description A 304 with no body while the current representation has one of these
         *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
         *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
         */
        IfNoneMatch: components["schemas"]["EntityTags"];
        /**
         * @description `*` makes the PUT create-only: 412 `precondition-failed` when the resource
         *     exists, and nothing changes. Entity tags: 412 while the current
         *     representation has one of them (weak comparison) (RFC 9110 §13.1.2).
         */
        IfNoneMatchOnPut: components["schemas"]["EntityTags"];
    };
    requestBodies: never;
    headers: {
        /**
         * @description A strong entity tag of this representation (RFC 9110 §8.8.3): the same for
         *     the same representation, another whenever it changes. Send it back in
         *     `If-None-Match` (a GET answers 304 while it is current) or `If-Match` (a
         *     write goes ahead only while it is current).
         * @example "mZ4tX0n1cE3kQ5qJ8fWv2A"
         */
        ETag: string;
        /**
         * @description The request's id, also in the problem document's `requestId` and the
         *     service's log line for the request: the caller's own `X-Request-Id` when it
         *     is 1 to 128 characters from `A-Z a-z 0-9 . _ : -`, else a new UUID. Sent
         *     on every answer.
         */
        RequestId: components["schemas"]["RequestId"];
        /**
         * @description `<path?limit=…&cursor=…>; rel="next"` (RFC 8288), present only when another
         *     page follows. The target is relative to the request's URI.
         */
        NextPage: string;
        /**
         * @description The caller's write allowance now (IETF RateLimit header fields, draft 8):
         *     `"writes"; r=<writes left>; t=<seconds until the window ends>`. On every
         *     answer to a write (POST, PUT, PATCH, DELETE under `/api`) that the limit
         *     counted: successes and refusals alike, but not those decided before it
         *     (401, 405, 421, 503 `overloaded`) nor any 5xx, which says only when to retry.
         * @example "writes"; r=1199; t=60
         */
        RateLimit: string;
        /**
         * @description The write rate policy (IETF RateLimit header fields, draft 8):
         *     `"writes"; q=<writes per window>; w=<window in seconds>; pk=:<partition key>:`.
         *     The default is 1200 writes per 60 s per user (`RATE_LIMIT_WRITES`, `RATE_LIMIT_WINDOW`).
         * @example "writes"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:
         */
        RateLimitPolicy: string;
        /**
         * @description `RateLimit`, on a 400 the write rate counted: a body or parameter that
         *     breaks the contract (`validation-failed`, `malformed-json`) is counted; a
         *     request that is not well-formed HTTP (`malformed-request`) is refused
         *     before, and carries none.
         * @example "writes"; r=1199; t=60
         */
        RateLimitIfCounted: string;
        /**
         * @description `RateLimit-Policy`, on a 400 the write rate counted (see `RateLimitIfCounted`).
         * @example "writes"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:
         */
        RateLimitPolicyIfCounted: string;
    };
    pathItems: never;
}
export type Uuid = components['schemas']['Uuid'];
export type EntityTags = components['schemas']['EntityTags'];
export type Health = components['schemas']['Health'];
export type RequestId = components['schemas']['RequestId'];
export type Problem = components['schemas']['Problem'];
export type ProblemType = components['schemas']['ProblemType'];
export type FieldError = components['schemas']['FieldError'];
export type HostProblem = components['schemas']['HostProblem'];
export type HostExtension = components['schemas']['HostExtension'];
export type OriginProblem = components['schemas']['OriginProblem'];
export type OriginExtension = components['schemas']['OriginExtension'];
export type QuotaProblem = components['schemas']['QuotaProblem'];
export type QuotaExtension = components['schemas']['QuotaExtension'];
export type QuotaName = components['schemas']['QuotaName'];
export type DraftConflictProblem = components['schemas']['DraftConflictProblem'];
export type DraftConflictExtension = components['schemas']['DraftConflictExtension'];
export type CreateStreamRequest = components['schemas']['CreateStreamRequest'];
export type InitialMessageInput = components['schemas']['InitialMessageInput'];
export type MessageContent = components['schemas']['MessageContent'];
export type Block = components['schemas']['Block'];
export type RichTextBlock = components['schemas']['RichTextBlock'];
export type MarkdownBlock = components['schemas']['MarkdownBlock'];
export type AssetBlock = components['schemas']['AssetBlock'];
export type ComponentBlock = components['schemas']['ComponentBlock'];
export type Element = components['schemas']['Element'];
export type ParagraphElement = components['schemas']['ParagraphElement'];
export type ListElement = components['schemas']['ListElement'];
export type ListItem = components['schemas']['ListItem'];
export type ListItemChild = components['schemas']['ListItemChild'];
export type CodeBlockElement = components['schemas']['CodeBlockElement'];
export type TableElement = components['schemas']['TableElement'];
export type TableRow = components['schemas']['TableRow'];
export type TableCell = components['schemas']['TableCell'];
export type InlineNode = components['schemas']['InlineNode'];
export type TextNode = components['schemas']['TextNode'];
export type TextStyle = components['schemas']['TextStyle'];
export type LinkNode = components['schemas']['LinkNode'];
export type LinkChild = components['schemas']['LinkChild'];
export type TypeOnlyNode = components['schemas']['TypeOnlyNode'];
export type TriggerNode = components['schemas']['TriggerNode'];
export type Stream = components['schemas']['Stream'];
export type Message = components['schemas']['Message'];
export type NotificationLevel = components['schemas']['NotificationLevel'];
export type Sound = components['schemas']['Sound'];
export type Removal = components['schemas']['Removal'];
export type Availability = components['schemas']['Availability'];
export type RuleMobileChannel = components['schemas']['RuleMobileChannel'];
export type StreamNotificationRule = components['schemas']['StreamNotificationRule'];
export type StreamNotificationRulePatch = components['schemas']['StreamNotificationRulePatch'];
export type VipRule = components['schemas']['VipRule'];
export type NotificationSettingsPatch = components['schemas']['NotificationSettingsPatch'];
export type NotificationSettings = components['schemas']['NotificationSettings'];
export type DeviceRegistration = components['schemas']['DeviceRegistration'];
export type Device = components['schemas']['Device'];
export type DeviceTimestamps = components['schemas']['DeviceTimestamps'];
export type DeviceList = components['schemas']['DeviceList'];
export type NavigationPatch = components['schemas']['NavigationPatch'];
export type NavigationPreferences = components['schemas']['NavigationPreferences'];
export type Phase = components['schemas']['Phase'];
export type CycleTemplateDraftInput = components['schemas']['CycleTemplateDraftInput'];
export type CycleTemplateDraft = components['schemas']['CycleTemplateDraft'];
export type IdentitySettingsPatch = components['schemas']['IdentitySettingsPatch'];
export type IdentitySettings = components['schemas']['IdentitySettings'];
export type ReadMarkerInput = components['schemas']['ReadMarkerInput'];
export type ReadMarker = components['schemas']['ReadMarker'];
export type ReadMarkerList = components['schemas']['ReadMarkerList'];
export type ResponseNotModified = components['responses']['NotModified'];
export type ResponsePreconditionFailed = components['responses']['PreconditionFailed'];
export type ResponseIdempotencyKeyInFlight = components['responses']['IdempotencyKeyInFlight'];
export type ResponseIdempotencyKeyReused = components['responses']['IdempotencyKeyReused'];
export type ResponseUnauthenticated = components['responses']['Unauthenticated'];
export type ResponseDraftConflict = components['responses']['DraftConflict'];
export type ResponsePayloadTooLarge = components['responses']['PayloadTooLarge'];
export type ResponseDocumentTooLarge = components['responses']['DocumentTooLarge'];
export type ResponseUnsupportedMediaType = components['responses']['UnsupportedMediaType'];
export type ResponseInternalError = components['responses']['InternalError'];
export type ResponseMethodNotAllowed = components['responses']['MethodNotAllowed'];
export type ResponseRequestTimeout = components['responses']['RequestTimeout'];
export type ResponseHeadersTooLarge = components['responses']['HeadersTooLarge'];
export type ResponseMalformedRequest = components['responses']['MalformedRequest'];
export type ResponseHeaderInvalid = components['responses']['HeaderInvalid'];
export type ResponsePreflightAllowed = components['responses']['PreflightAllowed'];
export type ResponseOriginNotAllowed = components['responses']['OriginNotAllowed'];
export type ResponseQuotaExceeded = components['responses']['QuotaExceeded'];
export type ResponseHostNotAllowed = components['responses']['HostNotAllowed'];
export type ResponseRateLimited = components['responses']['RateLimited'];
export type ResponseStorageFull = components['responses']['StorageFull'];
export type ResponseServiceUnavailable = components['responses']['ServiceUnavailable'];
export type ParameterLimit = components['parameters']['Limit'];
export type ParameterCursor = components['parameters']['Cursor'];
export type ParameterIdempotencyKey = components['parameters']['IdempotencyKey'];
export type ParameterIfMatch = components['parameters']['IfMatch'];
export type ParameterIfNoneMatch = components['parameters']['IfNoneMatch'];
export type ParameterIfNoneMatchOnPut = components['parameters']['IfNoneMatchOnPut'];
export type HeaderETag = components['headers']['ETag'];
export type HeaderRequestId = components['headers']['RequestId'];
export type HeaderNextPage = components['headers']['NextPage'];
export type HeaderRateLimit = components['headers']['RateLimit'];
export type HeaderRateLimitPolicy = components['headers']['RateLimitPolicy'];
export type HeaderRateLimitIfCounted = components['headers']['RateLimitIfCounted'];
export type HeaderRateLimitPolicyIfCounted = components['headers']['RateLimitPolicyIfCounted'];
export type $defs = Record<string, never>;
export interface operations {
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The service is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store is usable. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["MalformedRequest"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description The store has been closed or unreachable for `READINESS_STORE_GRACE` (`unavailable`), or the process is shutting down (`stopping`); send no new traffic here. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    scrapeMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every metric, in the Prometheus text exposition format 0.0.4. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            400: components["responses"]["MalformedRequest"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createStream: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the create safe to retry (draft-ietf-httpapi-idempotency-key-header):
                 *     a key of the client's choosing, unique per request it means, such as a
                 *     UUID; 1 to 255 printable ASCII characters, as a Structured Field string
                 *     (`"…"`, with `\"` and `\\` for a quote and a backslash) or bare
                 *     (`8e03978e-…`; both name the key between the quotes). A repeat with the
                 *     same key and request by the same user within 24 h (`IDEMPOTENCY_KEY_TTL`)
                 *     gets the first answer again, exactly, and creates nothing; with another
                 *     request, 422; while the first is still being served, 409. A longer or
                 *     malformed key gets 400. Any other request refused (4xx) keeps no key; a
                 *     user keeps at most 5000 (`QUOTA_IDEMPOTENCY_KEYS`), and a new one past
                 *     that gets 403 `quota-exceeded`.
                 * @example "8e03978e-40d5-43e8-bc93-6894a57f9324"
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The stream to create: its title, who may read it and, optionally, its first message. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateStreamRequest"];
            };
        };
        responses: {
            /** @description The stream was created. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    /**
                     * @description Path of the new stream, `/api/streams/{id}`.
                     * @example /api/streams/0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e
                     */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stream"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description The caller has created as many streams as a user may (`QUOTA_STREAMS`,
             *     10000 by default), keeps as many idempotency keys as a user may and sent
             *     a new one (`QUOTA_IDEMPOTENCY_KEYS`, 5000), or the stream would pass the
             *     caller's bytes stored (`QUOTA_BYTES`, 32 MiB). `quota` names the setting,
             *     `limit` its value. Nothing was stored, and the key is not kept.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["IdempotencyKeyInFlight"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            422: components["responses"]["IdempotencyKeyReused"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    getNavigationPreferences: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored preferences, or the defaults before the first save. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NavigationPreferences"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["HeaderInvalid"];
            401: components["responses"]["Unauthenticated"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchNavigationPreferences: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description An RFC 7396 merge patch of the navigation preferences `GET` answers. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NavigationPatch"];
                "application/merge-patch+json": components["schemas"]["NavigationPatch"];
            };
        };
        responses: {
            /** @description The whole preferences document after the merge. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NavigationPreferences"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description The stored preferences would pass the caller's bytes stored (`QUOTA_BYTES`,
             *     32 MiB by default).
             *     Nothing was stored; `quota` names the setting, `limit` its value.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    getStream: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The stream's id.
                 * @example 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e
                 */
                streamId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stream"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description No stream has this id, or the caller may not read it (no member of a stream that is not `public`); the two answers are the same (`not-found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored settings, or the defaults before the first save. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["HeaderInvalid"];
            401: components["responses"]["Unauthenticated"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description An RFC 7396 merge patch of the notification settings `GET` answers. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["NotificationSettingsPatch"];
                "application/merge-patch+json": components["schemas"]["NotificationSettingsPatch"];
            };
        };
        responses: {
            /** @description The whole settings document after the merge. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationSettings"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description The stored settings would pass the caller's bytes stored (`QUOTA_BYTES`,
             *     32 MiB by default).
             *     Nothing was stored; `quota` names the setting, `limit` its value.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    listDevices: {
        parameters: {
            query?: {
                /** @description The most items a page holds. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Where the page starts: the opaque value (base64url) from the previous
                 *     page's `Link: <…>; rel="next"` header. Another value of that form starts
                 *     the page somewhere in the caller's own list; it never reaches anyone
                 *     else's records. A value not of that form gets 400.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the caller's devices; empty when none. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeviceList"];
                };
            };
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    registerDevice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description `*` makes the PUT create-only: 412 `precondition-failed` when the resource
                 *     exists, and nothing changes. Entity tags: 412 while the current
                 *     representation has one of them (weak comparison) (RFC 9110 §13.1.2).
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatchOnPut"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The registration, keyed by `appId` and `installationId`; a device read back (`GET`) is accepted as it is. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeviceRegistration"];
            };
        };
        responses: {
            /** @description The caller's registration with these ids was replaced; `createdAt` is kept. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            /** @description A new registration of the caller's was stored (none had these ids, or another user's had). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    /**
                     * @description Path of the new registration, `/api/notifications/devices/{appId}/{installationId}`, each id percent-encoded.
                     * @example /api/notifications/devices/com.example.chat/6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6
                     */
                    Location: string;
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["QuotaExceeded"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    getDevice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The registration's `appId`, percent-encoded.
                 * @example com.example.chat
                 */
                appId: string;
                /**
                 * @description The registration's `installationId`, percent-encoded.
                 * @example 6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6
                 */
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's registration. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description No registration with this appId and installationId belongs to the caller (`not-found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    unregisterDevice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description The registration's `appId`, percent-encoded.
                 * @example com.example.chat
                 */
                appId: string;
                /**
                 * @description The registration's `installationId`, percent-encoded.
                 * @example 6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6
                 */
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The device is no longer registered. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description No registration with this appId and installationId belongs to the caller (`not-found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getCycleTemplateDraft: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The cycle template's id.
                 * @example 0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b
                 */
                templateId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored draft. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CycleTemplateDraft"];
                };
            };
            304: components["responses"]["NotModified"];
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description No draft of this template has been saved (`not-found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    saveCycleTemplateDraft: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
                /**
                 * @description `*` makes the PUT create-only: 412 `precondition-failed` when the resource
                 *     exists, and nothing changes. Entity tags: 412 while the current
                 *     representation has one of them (weak comparison) (RFC 9110 §13.1.2).
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatchOnPut"];
            };
            path: {
                /**
                 * @description The cycle template's id.
                 * @example 0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b
                 */
                templateId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        /** @description The draft to save, with `createOnly` or `expectedDraftUpdatedAt` to guard against overwriting. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["CycleTemplateDraftInput"];
            };
        };
        responses: {
            /** @description An existing draft was replaced. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CycleTemplateDraft"];
                };
            };
            /** @description The first draft of this template was stored. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CycleTemplateDraft"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description The caller has last saved as many drafts as a user may (`QUOTA_DRAFTS`,
             *     1000 by default; a draft counts against the user who last saved it), or the
             *     draft would pass the caller's bytes stored (`QUOTA_BYTES`, 32 MiB).
             *     Nothing was stored; `quota` names the setting, `limit` its value.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            409: components["responses"]["DraftConflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    getIdentitySettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A 304 with no body while the current representation has one of these
                 *     entity tags (weak comparison: `W/"x"` and `"x"` match), or, for `*`, while
                 *     it exists (RFC 9110 §13.1.2). Sent only to a caller who may read it.
                 */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /**
                 * @description The settings namespace; any non-empty string, percent-encoded.
                 * @example profile
                 */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored settings of the namespace. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentitySettings"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["HeaderInvalid"];
            401: components["responses"]["Unauthenticated"];
            /** @description The caller has saved nothing in this namespace (`not-found`). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchIdentitySettings: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The write goes ahead only while the resource's current representation has
                 *     one of these entity tags (strong comparison: a weak `W/"…"` never
                 *     matches), or, for `*`, while it exists (RFC 9110 §13.1.1); otherwise 412
                 *     `precondition-failed` and nothing changes. Checked in the same atomic step
                 *     as the write, so of two writers holding one `ETag` only the first succeeds.
                 */
                "If-Match"?: components["parameters"]["IfMatch"];
            };
            path: {
                /**
                 * @description The settings namespace; any non-empty string, percent-encoded.
                 * @example profile
                 */
                namespace: string;
            };
            cookie?: never;
        };
        /**
         * @description The `{"patch": …}` wrapper, as `application/json` or
         *     `application/merge-patch+json`. Either way the merge patch is the
         *     `patch` member, and it applies to the namespace's `settings`; the
         *     wrapper itself is not a merge patch of `IdentitySettings`.
         */
        requestBody: {
            content: {
                "application/json": components["schemas"]["IdentitySettingsPatch"];
                "application/merge-patch+json": components["schemas"]["IdentitySettingsPatch"];
            };
        };
        responses: {
            /** @description The namespace's settings after the merge. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IdentitySettings"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description A new namespace would pass the caller's identity namespaces
             *     (`QUOTA_IDENTITY_NAMESPACES`, 100 by default), or the settings the caller's
             *     bytes stored (`QUOTA_BYTES`, 32 MiB).
             *     Nothing was stored; `quota` names the setting, `limit` its value.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["DocumentTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    markRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The marker: the stream, the thread session if any, and the last message read. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReadMarkerInput"];
            };
        };
        responses: {
            /** @description The stored marker. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadMarker"];
                };
            };
            /** @description The body or a parameter breaks the contract, the body is not valid JSON, or it nests more than 256 levels deep (`validation-failed`, `malformed-json`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimitIfCounted"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicyIfCounted"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            /**
             * @description A new marker would pass the caller's read markers (`QUOTA_READ_MARKERS`,
             *     100000 by default) or those in one stream (`QUOTA_READ_MARKERS_PER_STREAM`,
             *     1000), or the caller's bytes stored (`QUOTA_BYTES`, 32 MiB).
             *     Nothing was stored; `quota` names the setting, `limit` its value.
             *     Problem type: `quota-exceeded`.
             */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimitPolicy"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["QuotaProblem"];
                };
            };
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
            507: components["responses"]["StorageFull"];
        };
    };
    listReadMarkers: {
        parameters: {
            query?: {
                /** @description The most items a page holds. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Where the page starts: the opaque value (base64url) from the previous
                 *     page's `Link: <…>; rel="next"` header. Another value of that form starts
                 *     the page somewhere in the caller's own list; it never reaches anyone
                 *     else's records. A value not of that form gets 400.
                 */
                cursor?: components["parameters"]["Cursor"];
            };
            header?: never;
            path: {
                /**
                 * @description The stream's id; not checked for existence (a stream without markers lists none).
                 * @example 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e
                 */
                streamId: components["schemas"]["Uuid"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of markers: the stream-level marker (if any) first, then
             *     thread markers by `threadSessionId`; empty when none. When more
             *     follow, the `Link` header gives the next page.
             */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    Link: components["headers"]["NextPage"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadMarkerList"];
                };
            };
            /** @description A parameter breaks the contract (`validation-failed`). Or the request is not well-formed HTTP (`malformed-request`; the connection is closed). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            401: components["responses"]["Unauthenticated"];
            405: components["responses"]["MethodNotAllowed"];
            408: components["responses"]["RequestTimeout"];
            421: components["responses"]["HostNotAllowed"];
            431: components["responses"]["HeadersTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
