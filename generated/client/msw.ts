/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by scripts/client/extras.ts.
 * Do not edit: change openapi.yaml or scripts/client/ and run `make generate`.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';

interface Declared<Example = unknown> {
    status: string;
    mediaType?: string;
    headers: Record<string, string>;
    examples: [name: string, value: Example][];
}

interface Operation<Example = unknown> {
    operationId: string;
    method: 'get' | 'put' | 'post' | 'patch' | 'delete';
    path: string;
    responses: Declared<Example>[];
}

/** Every example body of the declared responses, once, by the file of mocks/examples that holds it (without `.json`). */
export const examples = {
    "device": {
        "installationId": "6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6",
        "appId": "com.example.chat",
        "platform": "mobile_a",
        "token": "f3a9c1e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
        "environment": "production",
        "appVersion": "5.2.0",
        "appBuild": "5200",
        "osVersion": "18.1",
        "deviceModel": "Phone 15",
        "formFactor": "phone",
        "appVariant": "store",
        "locale": "de-DE",
        "timeZone": "Europe/Berlin",
        "capabilities": [
            "rich-push",
            "badges"
        ],
        "systemAuthorization": "authorized",
        "notificationSettings": {
            "alert": "enabled",
            "badge": "enabled"
        },
        "backgroundRefreshStatus": "available",
        "pushEnabled": true,
        "transport": "push_gateway",
        "transportMetadata": {
            "topic": "com.example.chat"
        },
        "createdAt": "2026-11-20T07:02:10.001Z",
        "updatedAt": "2026-11-21T18:40:55.902Z"
    },
    "device-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/token",
                "message": "must have required property 'token'"
            },
            {
                "path": "/body/platform",
                "message": "must be one of: mobile_a, mobile_b, desktop_a, desktop_b, web"
            }
        ],
        "requestId": "c746eee4-f9c8-466a-a311-a21580213951"
    },
    "device-list": {
        "items": [
            {
                "installationId": "6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6",
                "appId": "com.example.chat",
                "platform": "mobile_a",
                "token": "f3a9c1e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
                "environment": "production",
                "appVersion": "5.2.0",
                "appBuild": "5200",
                "osVersion": "18.1",
                "deviceModel": "Phone 15",
                "formFactor": "phone",
                "appVariant": "store",
                "locale": "de-DE",
                "timeZone": "Europe/Berlin",
                "capabilities": [
                    "rich-push",
                    "badges"
                ],
                "systemAuthorization": "authorized",
                "notificationSettings": {
                    "alert": "enabled",
                    "badge": "enabled"
                },
                "backgroundRefreshStatus": "available",
                "pushEnabled": true,
                "transport": "push_gateway",
                "transportMetadata": {
                    "topic": "com.example.chat"
                },
                "createdAt": "2026-11-20T07:02:10.001Z",
                "updatedAt": "2026-11-21T18:40:55.902Z"
            },
            {
                "installationId": "desktop-7c2f",
                "appId": "com.example.desktop",
                "platform": "desktop_a",
                "token": "wns-2b9e4d",
                "environment": "production",
                "transport": "push_gateway",
                "createdAt": "2026-11-21T10:00:00.000Z",
                "updatedAt": "2026-11-21T10:00:00.000Z"
            }
        ]
    },
    "device-not-found": {
        "type": "urn:problem:collab:not-found",
        "title": "Not found",
        "status": 404,
        "detail": "No such device is registered to you.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000000"
    },
    "device-path-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/params/installationId",
                "message": "must NOT have more than 128 characters"
            }
        ],
        "requestId": "ad8cb62d-fd3e-423b-ab65-387a1852ef15"
    },
    "device-registered": {
        "installationId": "6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6",
        "appId": "com.example.chat",
        "platform": "mobile_a",
        "token": "f3a9c1e07b2d4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f",
        "environment": "production",
        "appVersion": "5.2.0",
        "appBuild": "5200",
        "osVersion": "18.1",
        "deviceModel": "Phone 15",
        "formFactor": "phone",
        "appVariant": "store",
        "locale": "de-DE",
        "timeZone": "Europe/Berlin",
        "capabilities": [
            "rich-push",
            "badges"
        ],
        "systemAuthorization": "authorized",
        "notificationSettings": {
            "alert": "enabled",
            "badge": "enabled"
        },
        "backgroundRefreshStatus": "available",
        "pushEnabled": true,
        "transport": "push_gateway",
        "transportMetadata": {
            "topic": "com.example.chat"
        },
        "createdAt": "2026-11-20T07:02:10.001Z",
        "updatedAt": "2026-11-20T07:02:10.001Z"
    },
    "device-replaced": {
        "installationId": "6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6",
        "appId": "com.example.chat",
        "platform": "mobile_a",
        "token": "0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
        "environment": "production",
        "appVersion": "5.2.0",
        "appBuild": "5200",
        "osVersion": "18.1",
        "deviceModel": "Phone 15",
        "formFactor": "phone",
        "appVariant": "store",
        "locale": "de-DE",
        "timeZone": "Europe/Berlin",
        "capabilities": [
            "rich-push",
            "badges"
        ],
        "systemAuthorization": "authorized",
        "notificationSettings": {
            "alert": "enabled",
            "badge": "enabled"
        },
        "backgroundRefreshStatus": "available",
        "pushEnabled": true,
        "transport": "push_gateway",
        "transportMetadata": {
            "topic": "com.example.chat"
        },
        "createdAt": "2026-11-20T07:02:10.001Z",
        "updatedAt": "2026-11-21T18:40:55.902Z"
    },
    "devices-limit-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/query/limit",
                "message": "must be <= 1000"
            }
        ],
        "requestId": "2750ee0b-5e0f-44eb-acfb-cf516dd119cb"
    },
    "document-too-large": {
        "type": "urn:problem:collab:document-too-large",
        "title": "The document would be too large",
        "status": 413,
        "detail": "After this merge the document would take 300021 bytes; a document holds at most 262144 bytes (256 KiB) as compact JSON. Nothing was stored.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000001"
    },
    "draft-created": {
        "templateId": "0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b",
        "triggerName": "weekly-review",
        "description": "Runs the weekly review of open requests.",
        "phasesTemplate": [
            {
                "id": "0193a5f2-7c31-7b66-8c77-8d9e0f1a2b3c",
                "agentId": "0193a5f2-7c32-7c88-9d99-9eaf0b1c2d3e",
                "goal": "Collect the requirements from the requester",
                "instructions": "Ask for acceptance criteria and a deadline.",
                "autoAdvance": false,
                "phaseName": "Intake",
                "operatorPool": [
                    "u_ana",
                    "u_ben"
                ],
                "assetIds": [
                    "a_intake_form"
                ]
            },
            {
                "id": "0193a5f2-7c33-7daa-aebb-af1b2c3d4e5f",
                "agentId": null,
                "goal": "Review and approve",
                "instructions": null,
                "autoAdvance": true,
                "phaseName": null,
                "operatorPool": [
                    "u_chloe"
                ],
                "sourcePhaseId": null
            }
        ],
        "createdAt": "2026-11-19T16:05:00.000Z",
        "updatedBy": "u_ana",
        "updatedAt": "2026-11-19T16:05:00.000Z"
    },
    "draft-exists": {
        "updatedAt": "2026-11-20T10:12:44.718Z",
        "type": "urn:problem:collab:conflict",
        "title": "The request conflicts with the stored state",
        "status": 409,
        "detail": "A draft of this template already exists and createOnly is true.",
        "requestId": "1d2d09c5-b045-4034-a7e4-d5890e3da26f"
    },
    "draft-missing": {
        "updatedAt": null,
        "type": "urn:problem:collab:conflict",
        "title": "The request conflicts with the stored state",
        "status": 409,
        "detail": "No draft of this template exists yet, so none can be at expectedDraftUpdatedAt.",
        "requestId": "115d6811-fff5-4324-a5c0-6a07ec551f69"
    },
    "draft-not-found": {
        "type": "urn:problem:collab:not-found",
        "title": "Not found",
        "status": 404,
        "detail": "No draft of template 0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000002"
    },
    "draft-phase-id-repeated": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "Phase ids must be unique within a draft.",
        "errors": [
            {
                "path": "/body/phasesTemplate/1/id",
                "message": "repeats the id of phase 0"
            }
        ],
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000003"
    },
    "draft-replaced": {
        "templateId": "0193a5f2-7c30-7a44-b555-6c7d8e9f0a1b",
        "triggerName": "weekly-review",
        "description": "Runs the weekly review of open requests.",
        "phasesTemplate": [
            {
                "id": "0193a5f2-7c31-7b66-8c77-8d9e0f1a2b3c",
                "agentId": "0193a5f2-7c32-7c88-9d99-9eaf0b1c2d3e",
                "goal": "Collect the requirements from the requester",
                "instructions": "Ask for acceptance criteria and a deadline.",
                "autoAdvance": false,
                "phaseName": "Intake",
                "operatorPool": [
                    "u_ana",
                    "u_ben"
                ],
                "assetIds": [
                    "a_intake_form"
                ]
            },
            {
                "id": "0193a5f2-7c33-7daa-aebb-af1b2c3d4e5f",
                "agentId": null,
                "goal": "Review and approve",
                "instructions": null,
                "autoAdvance": true,
                "phaseName": null,
                "operatorPool": [
                    "u_chloe"
                ],
                "sourcePhaseId": null
            }
        ],
        "createdAt": "2026-11-19T16:05:00.000Z",
        "updatedBy": "u_ana",
        "updatedAt": "2026-11-20T10:12:44.718Z"
    },
    "draft-stale": {
        "updatedAt": "2026-11-20T10:12:44.718Z",
        "type": "urn:problem:collab:conflict",
        "title": "The request conflicts with the stored state",
        "status": 409,
        "detail": "The draft was saved since expectedDraftUpdatedAt; reload it and retry.",
        "requestId": "9c64e604-f5aa-4c5b-a04a-88e36001e727"
    },
    "draft-template-id-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/params/templateId",
                "message": "must be a UUID, 8-4-4-4-12 hex digits such as 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"
            }
        ],
        "requestId": "de13e624-fde4-42c5-aa67-fb0317423976"
    },
    "draft-trigger-name-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/triggerName",
                "message": "must match pattern \"^[a-z0-9][a-z0-9-]*$\""
            }
        ],
        "requestId": "247376ba-9898-4037-a6e1-ed4c3865e511"
    },
    "headers-too-large": {
        "type": "urn:problem:collab:headers-too-large",
        "title": "The request's headers are too large",
        "status": 431,
        "detail": "The request line and headers together are over 64 KiB; a URL counts towards them.",
        "requestId": "7d2f4a90-1c3e-4b5d-9e6f-8a0b1c2d3e4f"
    },
    "health-ok": {
        "status": "ok"
    },
    "host-not-allowed": {
        "type": "urn:problem:collab:host-not-allowed",
        "title": "This Host name is not served",
        "status": 421,
        "detail": "This service serves only the Host names of this machine and those in ALLOWED_HOSTS, not \"attacker.test:3000\": without authentication, another name could be a web page made to reach it (DNS rebinding). To serve that name, add it to ALLOWED_HOSTS.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000421",
        "host": "attacker.test:3000"
    },
    "idempotency-key-in-flight": {
        "type": "urn:problem:collab:idempotency-key-in-flight",
        "title": "A request with this idempotency key is still being served",
        "status": 409,
        "detail": "A request with this Idempotency-Key is still being served; nothing was done. Retry after Retry-After seconds for its answer.",
        "requestId": "2f6d8e1a-9b3c-4d5e-a7f8-1b2c3d4e5f6a"
    },
    "idempotency-key-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/headers/idempotency-key",
                "message": "must match format \"idempotency-key\""
            }
        ],
        "requestId": "4b5c6d7e-8f9a-4b0c-9d1e-2f3a4b5c6d7e"
    },
    "idempotency-key-reused": {
        "type": "urn:problem:collab:idempotency-key-reused",
        "title": "The idempotency key was used for another request",
        "status": 422,
        "detail": "This Idempotency-Key was used for another request (another body, or another operation) within the last 24 h. Nothing was done; a new request needs a new key.",
        "requestId": "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d"
    },
    "identity-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/patch",
                "message": "must be object"
            }
        ],
        "requestId": "10bf5e7d-204c-49ef-aff2-b4c2d8be40f9"
    },
    "identity-not-found": {
        "type": "urn:problem:collab:not-found",
        "title": "Not found",
        "status": 404,
        "detail": "No identity settings in namespace \"profile\".",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000004"
    },
    "identity-settings": {
        "namespace": "profile",
        "settings": {
            "displayName": "Ana Lima",
            "pronouns": "she/her",
            "theme": {
                "mode": "dark",
                "accent": "#3b82f6"
            },
            "shortcuts": [
                "ctrl+k"
            ]
        },
        "updatedAt": "2026-11-20T12:00:01.250Z"
    },
    "identity-too-deep": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The body nests deeper than 256 levels.",
        "errors": [
            {
                "path": "/body",
                "message": "must not nest deeper than 256 levels"
            }
        ],
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000005"
    },
    "if-none-match-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/headers/if-none-match",
                "message": "must match format \"entity-tags\""
            }
        ],
        "requestId": "3b9c1e0a-6d2f-4e8b-a1c5-000000000400"
    },
    "internal-error": {
        "type": "urn:problem:collab:internal",
        "title": "Internal error",
        "status": 500,
        "detail": "Something went wrong on our side.",
        "requestId": "2d8323a3-dbab-4b0e-a3ae-10d1559a2d9b"
    },
    "malformed-request": {
        "type": "urn:problem:collab:malformed-request",
        "title": "The request is not well-formed HTTP",
        "status": 400,
        "detail": "The request is not well-formed HTTP/1.1: its request line, a header or its framing (Content-Length, Transfer-Encoding) cannot be read.",
        "requestId": "5b8e2c14-6f3a-4d7b-a9c0-1e2f3a4b5c6d"
    },
    "method-not-allowed": {
        "type": "urn:problem:collab:method-not-allowed",
        "title": "Method not allowed",
        "status": 405,
        "detail": "This path does not serve that method.",
        "requestId": "7d2b9c1e-4f3a-4e8b-9c6d-1a2b3c4d5e6f"
    },
    "metrics": "# HELP store_commit_duration_seconds Time one group commit of the store took to make its batch of changes durable.\n# TYPE store_commit_duration_seconds histogram\nstore_commit_duration_seconds_bucket{le=\"0.001\"} 0\nstore_commit_duration_seconds_bucket{le=\"0.0025\"} 3\nstore_commit_duration_seconds_bucket{le=\"0.005\"} 18\nstore_commit_duration_seconds_bucket{le=\"0.01\"} 33\nstore_commit_duration_seconds_bucket{le=\"0.025\"} 39\nstore_commit_duration_seconds_bucket{le=\"0.05\"} 40\nstore_commit_duration_seconds_bucket{le=\"0.1\"} 40\nstore_commit_duration_seconds_bucket{le=\"0.25\"} 40\nstore_commit_duration_seconds_bucket{le=\"0.5\"} 40\nstore_commit_duration_seconds_bucket{le=\"1\"} 40\nstore_commit_duration_seconds_bucket{le=\"2.5\"} 40\nstore_commit_duration_seconds_bucket{le=\"+Inf\"} 40\nstore_commit_duration_seconds_sum 0.262\nstore_commit_duration_seconds_count 40\n# HELP http_request_duration_seconds Time from a request arriving to its response finishing, by method, route template (or \"unmatched\") and status.\n# TYPE http_request_duration_seconds histogram\nhttp_request_duration_seconds_bucket{le=\"0.005\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 0\nhttp_request_duration_seconds_bucket{le=\"0.01\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 0\nhttp_request_duration_seconds_bucket{le=\"0.025\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 0\nhttp_request_duration_seconds_bucket{le=\"0.05\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"0.1\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"0.25\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"0.5\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"1\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"2.5\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"5\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"10\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_bucket{le=\"+Inf\",method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\nhttp_request_duration_seconds_sum{method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 0.0447667\nhttp_request_duration_seconds_count{method=\"GET\",route=\"/api/streams/{streamId}\",status=\"404\"} 1\n# HELP process_resident_memory_bytes Resident memory size in bytes.\n# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes 163717120\n# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.\n# TYPE nodejs_eventloop_lag_p99_seconds gauge\nnodejs_eventloop_lag_p99_seconds 0.054460415\n",
    "nav-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/leftSidebarWidth",
                "message": "must be integer"
            }
        ],
        "requestId": "f3fdde48-5249-41ca-abe2-7964f6a13c67"
    },
    "nav-preferences": {
        "grouping": "by-team",
        "listView": "compact",
        "sort": "recent",
        "pinnedStreamIds": [
            "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"
        ],
        "pinnedSessionIds": [],
        "archivedStreamIds": [
            "0193a5f2-7c21-7e55-a066-1b2c3d4e5f60"
        ],
        "rankByStreamId": {
            "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e": 1
        },
        "lastViewedAt": {
            "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e": "2026-11-20T09:20:11.004+01:00"
        },
        "leftSidebarWidth": 280,
        "hideStreamTipSeen": true,
        "updatedAt": "2026-11-20T08:20:11.120Z"
    },
    "nav-preferences-defaults": {
        "pinnedStreamIds": [],
        "pinnedSessionIds": [],
        "archivedStreamIds": [],
        "rankByStreamId": {},
        "lastViewedAt": {},
        "hideStreamTipSeen": false,
        "updatedAt": "1970-01-01T00:00:00.000Z"
    },
    "not-ready": {
        "type": "urn:problem:collab:unavailable",
        "title": "The service cannot serve this now",
        "status": 503,
        "detail": "Not ready: the store is closed or unreachable. Send no traffic here now.",
        "requestId": "0b8e2f4c-7d1a-4e6b-9c3f-5a2d8e1f7b4c"
    },
    "notification-settings": {
        "channels": {
            "mobile": {
                "enabled": true
            }
        },
        "availability": {
            "enabled": true,
            "timeZone": "Europe/Berlin",
            "days": [
                1,
                2,
                3,
                4,
                5
            ],
            "start": "09:00",
            "end": "17:30"
        },
        "defaults": {
            "stream": {
                "channels": {
                    "mobile": {
                        "main": "mentions",
                        "sessions": "none"
                    }
                }
            }
        },
        "overrides": {
            "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e": {
                "channels": {
                    "mobile": {
                        "main": "none",
                        "sessions": "none"
                    }
                },
                "until": "2026-11-27T00:00:00Z"
            }
        },
        "vips": {
            "u_ben": {
                "bypass": true
            }
        },
        "sound": "bubble-pop",
        "updatedAt": "2026-11-20T08:31:45.337Z"
    },
    "notification-settings-defaults": {
        "overrides": {},
        "vips": {},
        "updatedAt": "1970-01-01T00:00:00.000Z"
    },
    "notification-settings-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/availability/start",
                "message": "must be a time of day, HH:MM, 00:00–23:59"
            }
        ],
        "requestId": "e03b6fd2-5954-4048-a2e2-7e0bb39a72d8"
    },
    "overloaded": {
        "type": "urn:problem:collab:overloaded",
        "title": "The service is overloaded",
        "status": 503,
        "detail": "Not served, to keep serving the rest: you have 8 requests in flight, the most one user may have. Nothing of it was done; retry after Retry-After seconds.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000503"
    },
    "payload-too-large": {
        "type": "urn:problem:collab:payload-too-large",
        "title": "The body is too large",
        "status": 413,
        "detail": "The body is over the size limit.",
        "requestId": "1f0e0d4d-89a7-42c7-a5f0-34304f204844"
    },
    "precondition-failed": {
        "type": "urn:problem:collab:precondition-failed",
        "title": "A precondition does not hold",
        "status": 412,
        "detail": "If-Match names no current representation of this resource: it changed since that ETag. Nothing was changed; read it again (GET) for its ETag, and retry.",
        "requestId": "7c1e5a2b-3d4f-4e6a-8b9c-0d1e2f3a4b5c"
    },
    "quota-exceeded": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 100 devices of the 100 allowed (QUOTA_DEVICES). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000403",
        "quota": "QUOTA_DEVICES",
        "limit": 100,
        "used": 100
    },
    "quota-exceeded-bytes": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 33554519 bytes stored of the 33554432 allowed (QUOTA_BYTES). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000005403",
        "quota": "QUOTA_BYTES",
        "limit": 33554432,
        "used": 33554519
    },
    "quota-exceeded-drafts": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 1000 drafts last saved of the 1000 allowed (QUOTA_DRAFTS). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000002403",
        "quota": "QUOTA_DRAFTS",
        "limit": 1000,
        "used": 1000
    },
    "quota-exceeded-idempotency-keys": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 5000 idempotency keys kept of the 5000 allowed (QUOTA_IDEMPOTENCY_KEYS). Nothing was stored; keys are forgotten once IDEMPOTENCY_KEY_TTL has passed, and a request without one is not held back.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000006403",
        "quota": "QUOTA_IDEMPOTENCY_KEYS",
        "limit": 5000,
        "used": 5000
    },
    "quota-exceeded-namespaces": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 100 identity namespaces of the 100 allowed (QUOTA_IDENTITY_NAMESPACES). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000003403",
        "quota": "QUOTA_IDENTITY_NAMESPACES",
        "limit": 100,
        "used": 100
    },
    "quota-exceeded-read-markers": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 100000 read markers of the 100000 allowed (QUOTA_READ_MARKERS). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000004403",
        "quota": "QUOTA_READ_MARKERS",
        "limit": 100000,
        "used": 100000
    },
    "quota-exceeded-streams": {
        "type": "urn:problem:collab:quota-exceeded",
        "title": "A quota is used up",
        "status": 403,
        "detail": "This would pass a quota: 10000 streams created of the 10000 allowed (QUOTA_STREAMS). Nothing was stored; delete something to make room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000001403",
        "quota": "QUOTA_STREAMS",
        "limit": 10000,
        "used": 10000
    },
    "rate-limited": {
        "type": "urn:problem:collab:rate-limited",
        "title": "Too many requests",
        "status": 429,
        "detail": "You have made the 1200 writes a user may make in 60 s; nothing of this one was done. Retry after Retry-After seconds.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000429"
    },
    "read-marker": {
        "streamId": "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e",
        "threadSessionId": "0193a5f2-7c40-7f01-8a12-b3c4d5e6f708",
        "lastReadMessageId": "0193a5f2-7c1f-7402-b1a4-3c5d6e7f8091",
        "updatedAt": "2026-11-20T09:30:00.004Z"
    },
    "read-marker-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/streamId",
                "message": "must be a UUID, 8-4-4-4-12 hex digits such as 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"
            }
        ],
        "requestId": "eaf8c973-2c0f-41c0-aae9-e9d9dc9efe67"
    },
    "read-markers": {
        "items": [
            {
                "streamId": "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e",
                "lastReadMessageId": "0193a5f2-7c1f-7402-b1a4-3c5d6e7f8091",
                "updatedAt": "2026-11-20T09:29:58.771Z"
            },
            {
                "streamId": "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e",
                "threadSessionId": "0193a5f2-7c40-7f01-8a12-b3c4d5e6f708",
                "lastReadMessageId": "0193a5f2-7c1f-7402-b1a4-3c5d6e7f8091",
                "updatedAt": "2026-11-20T09:30:00.004Z"
            }
        ]
    },
    "reads-stream-id-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/params/streamId",
                "message": "must be a UUID, 8-4-4-4-12 hex digits such as 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"
            }
        ],
        "requestId": "5c9bf634-759e-4bf2-ae86-0b30b8a7947e"
    },
    "request-timeout": {
        "type": "urn:problem:collab:request-timeout",
        "title": "The request took too long to arrive",
        "status": 408,
        "detail": "The request did not arrive in time: headers within 10 s, the whole request within 30 s. The connection is closed.",
        "requestId": "3c9e7a51-2d4f-4b6a-8e1c-5f7a9b0c2d4e"
    },
    "sessions-in-use": {
        "type": "urn:problem:collab:sessions-in-use",
        "title": "The sandbox's sessions are all in use",
        "status": 503,
        "detail": "The sandbox holds 500 sessions written to, the most SANDBOX_SESSIONS allows, and every session that could make room was used in the last 300 s (SANDBOX_SESSION_IDLE), so none is dropped for it. Nothing was done; retry after Retry-After seconds, or raise the setting.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000504"
    },
    "stopping": {
        "type": "urn:problem:collab:stopping",
        "title": "This process is shutting down",
        "status": 503,
        "detail": "Not ready: this process is shutting down. Send no new traffic here.",
        "requestId": "0b8e2f4c-7d1a-4e6b-9c3f-000000000503"
    },
    "storage-full": {
        "type": "urn:problem:collab:storage-full",
        "title": "The store is full",
        "status": 507,
        "detail": "The store is full: this change would grow it past its stated size. Nothing was stored; deleting records makes room.",
        "requestId": "5d1c0f3e-8a47-4b6e-9c2d-000000000507"
    },
    "store-unavailable": {
        "type": "urn:problem:collab:unavailable",
        "title": "The service cannot serve this now",
        "status": 503,
        "detail": "The store cannot serve this request now, and nothing of it was kept. Retry later.",
        "requestId": "a7abeda8-1ec0-4056-a88b-94522f44281c"
    },
    "stream-created": {
        "id": "0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e",
        "title": "Launch planning",
        "visibility": "public",
        "members": [
            "u_ana",
            "u_ben",
            "u_chloe"
        ],
        "createdBy": "u_ana",
        "createdAt": "2026-11-20T09:14:03.512Z",
        "initialMessage": {
            "id": "0193a5f2-7c1f-7402-b1a4-3c5d6e7f8091",
            "authorId": "u_ana",
            "content": {
                "blocks": [
                    {
                        "type": "rich_text",
                        "elements": [
                            {
                                "type": "paragraph",
                                "children": [
                                    {
                                        "type": "text",
                                        "text": "Kick-off is on "
                                    },
                                    {
                                        "type": "text",
                                        "text": "Monday at 10:00",
                                        "style": {
                                            "bold": true
                                        }
                                    },
                                    {
                                        "type": "text",
                                        "text": ". Please read the "
                                    },
                                    {
                                        "type": "text",
                                        "text": "roadmap",
                                        "style": {
                                            "italic": true
                                        }
                                    },
                                    {
                                        "type": "text",
                                        "text": " before then."
                                    }
                                ]
                            },
                            {
                                "type": "paragraph",
                                "direction": "ltr",
                                "children": [
                                    {
                                        "type": "text",
                                        "text": "Moved from "
                                    },
                                    {
                                        "type": "text",
                                        "text": "Friday",
                                        "style": {
                                            "strikethrough": true
                                        }
                                    },
                                    {
                                        "type": "text",
                                        "text": "; the room is "
                                    },
                                    {
                                        "type": "text",
                                        "text": "4.12",
                                        "style": {
                                            "code": true
                                        }
                                    },
                                    {
                                        "type": "example-type-only-node"
                                    }
                                ]
                            }
                        ]
                    }
                ]
            },
            "assetIds": [
                "a_roadmap_pdf"
            ],
            "createdAt": "2026-11-20T09:14:03.512Z"
        }
    },
    "stream-id-invalid": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/params/streamId",
                "message": "must be a UUID, 8-4-4-4-12 hex digits such as 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e"
            }
        ],
        "requestId": "6ea2c945-1460-4d70-aed7-84631b8fdd09"
    },
    "stream-not-found": {
        "type": "urn:problem:collab:not-found",
        "title": "Not found",
        "status": 404,
        "detail": "No stream 0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e.",
        "requestId": "0f8dd525-82c6-467d-a327-88f8754a649f"
    },
    "stream-title-missing": {
        "type": "urn:problem:collab:validation-failed",
        "title": "The request breaks the contract",
        "status": 400,
        "detail": "The request does not match openapi.yaml.",
        "errors": [
            {
                "path": "/body/title",
                "message": "must have required property 'title'"
            }
        ],
        "requestId": "ecd45d17-004d-4fa0-a977-89ec4ef8d14d"
    },
    "unauthenticated": {
        "type": "urn:problem:collab:unauthenticated",
        "title": "Authentication is required",
        "status": 401,
        "detail": "The token has expired.",
        "requestId": "8f1ddcbe-945b-4081-a8be-b58794d889b1"
    },
    "unsupported-media-type": {
        "type": "urn:problem:collab:unsupported-media-type",
        "title": "Unsupported media type",
        "status": 415,
        "detail": "Send the body as application/json; text/plain is not accepted here.",
        "requestId": "a25f490e-55ee-479c-ae77-3e401d02b75e"
    },
};

/** Every operation of openapi.yaml, literal paths first, with its declared responses: [example name, its body in `examples`]. */
const table: readonly Operation<keyof typeof examples>[] = [
    { operationId: "checkLiveness", method: "get", path: "/healthz", responses: [
        { status: "200", mediaType: "application/json", headers: {}, examples: [["ok", "health-ok"]] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["malformedRequest", "malformed-request"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
    ] },
    { operationId: "checkReadiness", method: "get", path: "/readyz", responses: [
        { status: "200", mediaType: "application/json", headers: {}, examples: [["ready", "health-ok"]] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["malformedRequest", "malformed-request"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: {}, examples: [["notReady", "not-ready"], ["stopping", "stopping"]] },
    ] },
    { operationId: "scrapeMetrics", method: "get", path: "/metrics", responses: [
        { status: "200", mediaType: "text/plain", headers: {}, examples: [["metrics", "metrics"]] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["malformedRequest", "malformed-request"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
    ] },
    { operationId: "createStream", method: "post", path: "/api/streams", responses: [
        { status: "201", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", Location: "/api/streams/0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["created", "stream-created"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["titleMissing", "stream-title-missing"], ["idempotencyKeyTooLong", "idempotency-key-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["streams", "quota-exceeded-streams"], ["idempotencyKeys", "quota-exceeded-idempotency-keys"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "409", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["inFlight", "idempotency-key-in-flight"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "422", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["reused", "idempotency-key-reused"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "getNavigationPreferences", method: "get", path: "/api/streams/nav", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["preferences", "nav-preferences"], ["defaults", "nav-preferences-defaults"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["ifNoneMatchInvalid", "if-none-match-invalid"], ["malformedRequest", "malformed-request"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "patchNavigationPreferences", method: "patch", path: "/api/streams/nav", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["merged", "nav-preferences"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["widthNotInteger", "nav-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["bytes", "quota-exceeded-bytes"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"], ["documentTooLarge", "document-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "getNotificationSettings", method: "get", path: "/api/notifications/settings", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["settings", "notification-settings"], ["defaults", "notification-settings-defaults"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["ifNoneMatchInvalid", "if-none-match-invalid"], ["malformedRequest", "malformed-request"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "patchNotificationSettings", method: "patch", path: "/api/notifications/settings", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["merged", "notification-settings"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["timeOutOfRange", "notification-settings-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["bytes", "quota-exceeded-bytes"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"], ["documentTooLarge", "document-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "listDevices", method: "get", path: "/api/notifications/devices", responses: [
        { status: "200", mediaType: "application/json", headers: {}, examples: [["devices", "device-list"]] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["limitInvalid", "devices-limit-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "registerDevice", method: "put", path: "/api/notifications/devices", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["replaced", "device-replaced"]] },
        { status: "201", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", Location: "/api/notifications/devices/com.example.chat/6f1c2a9e-3b7d-4c5e-8f90-a1b2c3d4e5f6", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["registered", "device-registered"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["fieldsInvalid", "device-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["devices", "quota-exceeded"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "markRead", method: "put", path: "/api/chat/reads", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["marker", "read-marker"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["streamIdInvalid", "read-marker-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["readMarkers", "quota-exceeded-read-markers"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "getStream", method: "get", path: "/api/streams/:streamId", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["stream", "stream-created"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["idInvalid", "stream-id-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "404", mediaType: "application/problem+json", headers: {}, examples: [["streamNotFound", "stream-not-found"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "getCycleTemplateDraft", method: "get", path: "/api/cycles/templates/:templateId/draft", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["draft", "draft-replaced"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["templateIdInvalid", "draft-template-id-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "404", mediaType: "application/problem+json", headers: {}, examples: [["draftNotFound", "draft-not-found"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "saveCycleTemplateDraft", method: "put", path: "/api/cycles/templates/:templateId/draft", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["replaced", "draft-replaced"]] },
        { status: "201", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["created", "draft-created"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["triggerNameInvalid", "draft-trigger-name-invalid"], ["phaseIdRepeated", "draft-phase-id-repeated"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["drafts", "quota-exceeded-drafts"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "409", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["createOnly", "draft-exists"], ["stale", "draft-stale"], ["noDraftYet", "draft-missing"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "getIdentitySettings", method: "get", path: "/api/identity/settings/:namespace", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["settings", "identity-settings"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["ifNoneMatchInvalid", "if-none-match-invalid"], ["malformedRequest", "malformed-request"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "404", mediaType: "application/problem+json", headers: {}, examples: [["namespaceNotFound", "identity-not-found"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "patchIdentitySettings", method: "patch", path: "/api/identity/settings/:namespace", responses: [
        { status: "200", mediaType: "application/json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:", ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["merged", "identity-settings"]] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["patchNotObject", "identity-invalid"], ["nestedTooDeep", "identity-too-deep"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "403", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["namespaces", "quota-exceeded-namespaces"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "413", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["tooLarge", "payload-too-large"], ["documentTooLarge", "document-too-large"]] },
        { status: "415", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["textPlain", "unsupported-media-type"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
        { status: "507", mediaType: "application/problem+json", headers: {}, examples: [["storageFull", "storage-full"]] },
    ] },
    { operationId: "listReadMarkers", method: "get", path: "/api/chat/reads/:streamId", responses: [
        { status: "200", mediaType: "application/json", headers: {}, examples: [["markers", "read-markers"]] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["streamIdInvalid", "reads-stream-id-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "getDevice", method: "get", path: "/api/notifications/devices/:appId/:installationId", responses: [
        { status: "200", mediaType: "application/json", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [["device", "device"]] },
        { status: "304", headers: { ETag: "\"mZ4tX0n1cE3kQ5qJ8fWv2A\"" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: {}, examples: [["installationIdTooLong", "device-path-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "404", mediaType: "application/problem+json", headers: {}, examples: [["deviceNotFound", "device-not-found"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
    { operationId: "unregisterDevice", method: "delete", path: "/api/notifications/devices/:appId/:installationId", responses: [
        { status: "204", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [] },
        { status: "400", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["installationIdTooLong", "device-path-invalid"]] },
        { status: "401", mediaType: "application/problem+json", headers: { "WWW-Authenticate": "Bearer" }, examples: [["expired", "unauthenticated"]] },
        { status: "404", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["deviceNotFound", "device-not-found"]] },
        { status: "405", mediaType: "application/problem+json", headers: { Allow: "GET, PATCH" }, examples: [["methodNotAllowed", "method-not-allowed"]] },
        { status: "408", mediaType: "application/problem+json", headers: {}, examples: [["requestTimeout", "request-timeout"]] },
        { status: "412", mediaType: "application/problem+json", headers: { RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["stale", "precondition-failed"]] },
        { status: "421", mediaType: "application/problem+json", headers: {}, examples: [["hostNotAllowed", "host-not-allowed"]] },
        { status: "429", mediaType: "application/problem+json", headers: { "Retry-After": "1", RateLimit: "\"writes\"; r=1199; t=60", "RateLimit-Policy": "\"writes\"; q=1200; w=60; pk=:NjYzZGYxOTg3ZWQ1:" }, examples: [["rateLimited", "rate-limited"]] },
        { status: "431", mediaType: "application/problem+json", headers: {}, examples: [["headersTooLarge", "headers-too-large"]] },
        { status: "500", mediaType: "application/problem+json", headers: {}, examples: [["bug", "internal-error"]] },
        { status: "503", mediaType: "application/problem+json", headers: { "Retry-After": "1" }, examples: [["storeUnavailable", "store-unavailable"], ["overloaded", "overloaded"], ["sessionsInUse", "sessions-in-use"]] },
    ] },
];

/** Every operation of openapi.yaml with its declared responses and their named examples (mocks/examples). */
export const operations: readonly Operation[] = table.map((operation) => ({
    ...operation,
    responses: operation.responses.map((response) => ({
        ...response,
        examples: response.examples.map(([name, example]): [string, unknown] => [name, examples[example]]),
    })),
}));

/**
 * MSW handlers for every operation of the contract, answering as `make mock` does:
 * the first success status with its first named example and declared headers (a
 * list's page is the last: no `Link`). `Prefer: code=409`, `Prefer: code=409,
 * example=stale` or `Prefer: example=…` (an example of the success status) pick
 * another declared response; one that is not declared is a 400 naming what is.
 * Requests are not validated. `baseUrl` is the API's origin, or `*` for any.
 */
export function handlers(baseUrl = '*'): HttpHandler[] {
    return operations.map((operation) => http[operation.method](baseUrl + operation.path, ({ request }) => answer(operation, request.headers.get('prefer'))));
}

function answer(operation: Operation, prefer: string | null): HttpResponse<string> {
    const wanted = new Map<string, string>();
    for (const part of (prefer ?? '').split(/[,;]/)) {
        const [name = '', value = ''] = part.split('=').map((text) => text.trim());
        wanted.set(name, value);
    }
    const code = wanted.get('code');
    const example = wanted.get('example');
    const declared = operation.responses.map((response) => response.status);
    const response = operation.responses.find((response) => response.status === (code ?? declared.find((status) => status.startsWith('2'))));
    if (!response) return refuse(`code=${code}: ${operation.operationId} declares ${declared.join(', ')}`);
    const named = example === undefined ? response.examples[0] : response.examples.find(([name]) => name === example);
    if (example !== undefined && !named) {
        const names = response.examples.map(([name]) => name).join(', ') || 'no named examples';
        return refuse(`example=${example}: the ${response.status} of ${operation.operationId} has ${names}`);
    }
    const headers = new Headers(response.headers);
    if (named === undefined) return new HttpResponse(null, { status: Number(response.status), headers });
    headers.set('Content-Type', response.mediaType ?? 'application/json');
    return new HttpResponse(JSON.stringify(named[1]), { status: Number(response.status), headers });
}

function refuse(message: string): HttpResponse<string> {
    const problem = {
        type: 'urn:problem:collab:validation-failed', title: 'The request breaks the contract', status: 400,
        detail: `The MSW handlers cannot follow Prefer: ${message}.`, errors: [{ path: '/headers/prefer', message }],
    };
    return new HttpResponse(JSON.stringify(problem), { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
}
