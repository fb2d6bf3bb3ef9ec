"""Proposal API under /api/v1/ (token or session auth): list own, create, read; editors review.

Rate limiting: the same per-player caps as the site (`proposals.check_limits`), answered 429.
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.community import proposals
from cards.community.models import REVIEW_PERMISSION, Proposal
from cards.community.serializers import (
    ProposalCreateSerializer,
    ProposalSerializer,
    ReviewSerializer,
    RowProblemSerializer,
)
from cards.games.schema import RowError
from cards.serializers import ErrorSerializer as DetailSerializer


def _row_problem(error: RowError) -> Response:
    body = {"detail": gettext("The card's cells are not valid."), "problems": dict(error.problems)}
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


def _refused(refused: proposals.ProposalRefused, code: int) -> Response:
    return Response({"detail": str(refused)}, status=code)


class ProposalListApi(generics.ListAPIView):
    """Your own proposals, newest first; card editors pass `?queue=1` for all waiting ones."""

    permission_classes = (IsAuthenticated,)
    serializer_class = ProposalSerializer

    def get_queryset(self) -> QuerySet[Proposal]:
        rows = Proposal.objects.select_related("proposer", "reviewer")
        if self.request.query_params.get("queue") and self.request.user.has_perm(REVIEW_PERMISSION):
            return rows.filter(status=Proposal.Status.PENDING).order_by("created_at")
        return rows.filter(proposer=self.request.user)

    @extend_schema(
        summary="Your card proposals (card editors: the review queue)",
        parameters=[
            OpenApiParameter("queue", bool, description="card editors: every waiting proposal")
        ],
        responses=ProposalSerializer(many=True),
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Propose a new card or a correction",
        request=ProposalCreateSerializer,
        responses={
            201: ProposalSerializer,
            400: RowProblemSerializer,
            429: DetailSerializer,
        },
    )
    def post(self, request: Request) -> Response:
        given = ProposalCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            facts = proposals.check_cells(data["game"], data["row"])
            proposal = proposals.propose(
                request.user,
                data["game"],
                facts,
                text=data.get("text", ""),
                source_note=data.get("source_note", ""),
            )
        except RowError as error:
            return _row_problem(error)
        except proposals.ProposalRefused as refused:
            return _refused(refused, status.HTTP_429_TOO_MANY_REQUESTS)
        return Response(ProposalSerializer(proposal).data, status=status.HTTP_201_CREATED)


def _visible(request: Request, pk: int) -> Proposal:
    proposal = get_object_or_404(Proposal.objects.select_related("proposer", "reviewer"), pk=pk)
    if proposal.proposer_id != request.user.pk and not request.user.has_perm(REVIEW_PERMISSION):
        raise NotFound("No such proposal.")
    return proposal


class ProposalDetailApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="A card proposal", responses=ProposalSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(ProposalSerializer(_visible(request, pk)).data)


class ProposalReviewApi(APIView):
    """Card editors: approve (optionally with corrected cells) or reject with a reason."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="Approve or reject a card proposal (card editors)",
        request=ReviewSerializer,
        responses={
            200: ProposalSerializer,
            400: RowProblemSerializer,
            403: DetailSerializer,
            404: DetailSerializer,
            409: DetailSerializer,
        },
    )
    def post(self, request: Request, pk: int) -> Response:
        if not request.user.has_perm(REVIEW_PERMISSION):
            raise PermissionDenied("Only card editors review proposals.")
        proposal = get_object_or_404(Proposal, pk=pk)
        given = ReviewSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        try:
            if data["action"] == "reject":
                if not data.get("reason", "").strip():
                    body = {"detail": "a rejection needs a reason (the proposer reads it)"}
                    return Response(body, status=status.HTTP_400_BAD_REQUEST)
                proposals.reject(proposal, request.user, data.get("reason", ""))
            else:
                proposals.approve(proposal, request.user, row=data.get("row"))
        except RowError as error:
            return _row_problem(error)
        except proposals.ProposalRefused as refused:
            return _refused(refused, status.HTTP_409_CONFLICT)
        return Response(ProposalSerializer(_visible(request, pk)).data)
