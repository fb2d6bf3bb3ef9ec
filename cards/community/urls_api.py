"""Proposal API URLs (under /api/v1/)."""

from django.urls import path

from cards.community import apis

urlpatterns = [
    path("proposals", apis.ProposalListApi.as_view(), name="api-proposals"),
    path("proposals/<int:pk>", apis.ProposalDetailApi.as_view(), name="api-proposal"),
    path("proposals/<int:pk>/review", apis.ProposalReviewApi.as_view(), name="api-proposal-review"),
]
