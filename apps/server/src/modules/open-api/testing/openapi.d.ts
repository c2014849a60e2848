export interface paths {
    "/v2/video/generate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a video: one scene is a talking video, 2–50 scenes a multi-scene video
         * @description Spends your credits at the same prices as the web app: the estimate is held at once and the real duration settled when the video is done (a failed video is refunded in full). Characters are your avatars or public ones (type avatar), or a person photo (type talking_photo with a talking_photo_id from /v1/talking_photo.list or POST /v1/talking_photo), alone or as any scene of a multi-scene video: there the avatar scenes are priced at the multi-scene rate and each photo scene as a photo video of its length, on the photo channel named in channel or the first one offered. Voices speak text in a voice (type text), play an uploaded audio asset (type audio) or stay silent (type silence). An avatar stands on the background (a colour, or an uploaded image_asset_id / video_asset_id) at the character’s scale (0.3–1) and offset (-0.5–0.5): a green or blue screen it was recorded on is keyed out, any other avatar is cut out of its footage by person matting (made once per avatar, on its first video with a background); each scene of a multi-scene video has its own. A talking photo takes a colour background only: with a dimension it is fitted into that frame and the colour fills the rest.
         */
        post: operations["generateVideo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video_status.get": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status and links of one of your videos */
        get: operations["getVideoStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your videos, newest first; pass the returned token for the next page */
        get: operations["listVideos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/video.delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of your completed or failed videos and its files */
        delete: operations["deleteVideo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/avatars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Avatars you may use: your own ready clones, then the public actors; and your talking photos
         * @description talking_photos are the person photos a talking_photo character may name: yours (uploaded with POST /v1/talking_photo or on the web), then the public ones.
         */
        get: operations["listAvatars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/talking_photo.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Person photos you may make a talking photo video from: yours, then the public ones */
        get: operations["listTalkingPhotos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Voices you may speak with: your own ready clones, then the public voices */
        get: operations["listVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/remaining_quota": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credits you have left (the same balance the web app shows)
         * @description remaining_quota is in this site's credits, not HeyGen's quota units.
         */
        get: operations["getRemainingQuota"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/asset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image, video or audio file as the request body itself
         * @description Send the file bytes as the body with its Content-Type. The same rules as the web upload apply: images PNG/JPG of at least 300 px up to 10 MB, videos MP4/MOV of 5 s to 30 min up to 500 MB, audio MP3/M4A/WAV of 5 s to 30 min; the file counts against your storage.
         */
        post: operations["uploadAsset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/talking_photo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a person photo as the request body itself: it joins your photos as a talking photo
         * @description Send a PNG or JPG of a person (at least 300 px on its shorter side) with its Content-Type. The photo joins your person photos (also on the web) and its talking_photo_id makes a talking photo video with POST /v2/video/generate. The file counts against your storage.
         */
        post: operations["uploadTalkingPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook/endpoint.add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register a URL that is sent your API videos’ events, signed with the returned secret
         * @description The URL must be http(s) and lead to the public internet (never this host, a private or a reserved address), which is checked again on every delivery and redirect. It is checked at once with an OPTIONS request, which must be answered with 2xx. events: avatar_video.success and/or avatar_video.fail; none means both.
         */
        post: operations["addWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook/endpoint.list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your webhook endpoints, newest first */
        get: operations["listWebhookEndpoints"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook/endpoint.rotate_secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give one of your webhook endpoints a new signing secret
         * @description Answers the endpoint with its new secret. Every delivery sent afterwards, retries of earlier events included, is signed with the new secret, and for 24 hours also with the old one (a second v1 in X-Webhook-Signature). Another account’s endpoint is webhook_endpoint_not_found.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook/endpoint.delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete one of your webhook endpoints: deliveries still waiting for it are cancelled */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: {
        /** @description Refused (401) */
        Refused401: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (403) */
        Refused403: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (429) */
        Refused429: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (400) */
        Refused400: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (404) */
        Refused404: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (415) */
        Refused415: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (413) */
        Refused413: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (402) */
        Refused402: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (422) */
        Refused422: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (409) */
        Refused409: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
        /** @description Refused (500) */
        Refused500: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    error: {
                        /** @description A stable code, e.g. invalid_parameter, insufficient_credit */
                        code: string;
                        /** @description In Chinese, or English with Accept-Language: en */
                        message: string;
                    };
                    data: null;
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    generateVideo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create safely: the same key with the same body within 24 h answers the first reply and charges once; the same key with another body is refused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    video_inputs: {
                        character: {
                            /** @enum {string} */
                            type: "avatar" | "talking_photo";
                            avatar_id?: string | number;
                            talking_photo_id?: string | number;
                            avatar_style?: string;
                            scale?: number;
                            offset?: {
                                x: number;
                                y: number;
                            };
                        };
                        voice: {
                            /** @enum {string} */
                            type: "text" | "audio" | "silence";
                            voice_id?: string | number;
                            input_text?: string;
                            speed?: number;
                            pitch?: number;
                            audio_asset_id?: string | number;
                            audio_url?: string;
                            /** @description Seconds of silence (type silence), 1 by default. */
                            duration?: number;
                        };
                        background?: {
                            /** @enum {string} */
                            type: "color" | "image" | "video";
                            value?: string;
                            image_asset_id?: string | number;
                            video_asset_id?: string | number;
                            url?: string;
                            play_style?: string;
                            fit?: string;
                        };
                    }[];
                    /** @description The frame of the video; the avatar is fitted inside it and the background colour fills the rest. */
                    dimension?: {
                        width: number;
                        height: number;
                    };
                    title?: string;
                    callback_id?: string;
                    /** @enum {string} */
                    channel?: "local" | "lipsync" | "ou" | "gj" | "df" | "fy" | "did" | "kling";
                    test?: boolean;
                    /** @description Burn captions of the spoken text into the video in the default style; the SRT is kept with the video. */
                    caption?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: null;
                        data: {
                            video_id: string;
                        };
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    getVideoStatus: {
        parameters: {
            query: {
                video_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "failed";
                            title: string;
                            /** @description Signed link to the MP4, valid for a limited time; ask again for a fresh one. */
                            video_url: string | null;
                            thumbnail_url: string | null;
                            /** @description Seconds, once completed. */
                            duration: number | null;
                            /** @description Unix seconds. */
                            created_at: number;
                            callback_id: string | null;
                            error: {
                                code: string;
                                message: string;
                                detail: string;
                            } | null;
                            /** @description Signed link to the captions (SRT) of a video made with caption: true, once completed. */
                            caption_url: string | null;
                            gif_url: null;
                            video_url_caption: null;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    listVideos: {
        parameters: {
            query?: {
                limit?: number;
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            videos: {
                                video_id: string;
                                video_title: string;
                                /** @enum {string} */
                                status: "pending" | "processing" | "completed" | "failed";
                                created_at: number;
                                /** @constant */
                                type: "GENERATED";
                            }[];
                            /** @description Pass as `token` for the next page; null on the last page. */
                            token: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    deleteVideo: {
        parameters: {
            query: {
                video_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: null;
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    listAvatars: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: null;
                        data: {
                            avatars: {
                                avatar_id: string;
                                avatar_name: string;
                                /** @description '' : the product does not record an avatar's gender. */
                                gender: string;
                                preview_image_url: string | null;
                                preview_video_url: string | null;
                                premium: boolean;
                                /** @constant */
                                type: "avatar";
                                is_public: boolean;
                                /** @enum {string} */
                                orientation: "landscape" | "portrait";
                                width: number;
                                height: number;
                            }[];
                            talking_photos: {
                                /** @description Use as character.talking_photo_id (type talking_photo). */
                                talking_photo_id: string;
                                talking_photo_name: string;
                                preview_image_url: string;
                                is_public: boolean;
                            }[];
                        };
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    listTalkingPhotos: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            /** @description Use as character.talking_photo_id. */
                            id: string;
                            image_url: string;
                            /** @description The same picture: no round crop is made. */
                            circle_image: string;
                            name: string;
                            is_public: boolean;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    listVoices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: null;
                        data: {
                            voices: {
                                voice_id: string;
                                name: string;
                                /** @description Language codes of the voice, comma separated (e.g. zh,en). */
                                language: string;
                                gender: string;
                                preview_audio: string | null;
                                support_pause: boolean;
                                emotion_support: boolean;
                                /** @enum {string} */
                                type: "public" | "private";
                            }[];
                        };
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    getRemainingQuota: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: null;
                        data: {
                            remaining_quota: number;
                            details: {
                                credits: number;
                            };
                        };
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    uploadAsset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create safely: the same key with the same body within 24 h answers the first reply and charges once; the same key with another body is refused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The file itself. */
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
                "video/mp4": string;
                "video/quicktime": string;
                "audio/mpeg": string;
                "audio/mp4": string;
                "audio/x-m4a": string;
                "audio/wav": string;
                "audio/x-wav": string;
                "audio/wave": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            /** @description Use as image_asset_id, video_asset_id or audio_asset_id. */
                            id: string;
                            name: string;
                            /** @enum {string} */
                            file_type: "image" | "video" | "audio";
                            /** @constant */
                            folder_id: "";
                            meta: null;
                            created_ts: number;
                            url: string | null;
                            image_key: null;
                            size: number;
                            duration: number;
                            width: number;
                            height: number;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    uploadTalkingPhoto: {
        parameters: {
            query?: {
                name?: string;
            };
            header?: {
                /** @description Repeat a create safely: the same key with the same body within 24 h answers the first reply and charges once; the same key with another body is refused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        /** @description The picture itself. */
        requestBody: {
            content: {
                "image/jpeg": string;
                "image/png": string;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            talking_photo_id: string;
                            talking_photo_url: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    addWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Repeat a create safely: the same key with the same body within 24 h answers the first reply and charges once; the same key with another body is refused. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events?: ("avatar_video.success" | "avatar_video.fail")[] | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            endpoint_id: string;
                            /** @description The account the endpoint belongs to. */
                            username: string;
                            url: string;
                            /** @constant */
                            status: "enabled";
                            events: ("avatar_video.success" | "avatar_video.fail")[];
                            /** @description Signs every delivery to this endpoint (see the Signature header). */
                            secret: string;
                            /** @description ISO 8601. */
                            created_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            endpoint_id: string;
                            /** @description The account the endpoint belongs to. */
                            username: string;
                            url: string;
                            /** @constant */
                            status: "enabled";
                            events: ("avatar_video.success" | "avatar_video.fail")[];
                            /** @description Signs every delivery to this endpoint (see the Signature header). */
                            secret: string;
                            /** @description ISO 8601. */
                            created_at: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    endpoint_id: string | number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: {
                            endpoint_id: string;
                            /** @description The account the endpoint belongs to. */
                            username: string;
                            url: string;
                            /** @constant */
                            status: "enabled";
                            events: ("avatar_video.success" | "avatar_video.fail")[];
                            /** @description Signs every delivery to this endpoint (see the Signature header). */
                            secret: string;
                            /** @description ISO 8601. */
                            created_at: string;
                        };
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query: {
                endpoint_id: string | number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        code: 100;
                        data: null;
                        message: string;
                    };
                };
            };
            /** @description invalid_parameter, video_in_progress, request_refused, unsupported_feature, webhook_url_unreachable, webhook_endpoint_limit */
            400: components["responses"]["Refused400"];
            /** @description authentication_failed */
            401: components["responses"]["Refused401"];
            /** @description insufficient_credit */
            402: components["responses"]["Refused402"];
            /** @description api_disabled, account_disabled */
            403: components["responses"]["Refused403"];
            /** @description not_found, video_not_found, avatar_not_found, talking_photo_not_found, voice_not_found, asset_not_found, webhook_endpoint_not_found */
            404: components["responses"]["Refused404"];
            /** @description request_in_progress, webhook_endpoint_exists */
            409: components["responses"]["Refused409"];
            /** @description payload_too_large */
            413: components["responses"]["Refused413"];
            /** @description unsupported_media_type */
            415: components["responses"]["Refused415"];
            /** @description idempotency_key_reused */
            422: components["responses"]["Refused422"];
            /** @description rate_limit_exceeded */
            429: components["responses"]["Refused429"];
            /** @description internal_error */
            500: components["responses"]["Refused500"];
        };
    };
}
