"""Linear and ridge regression by the normal equations on polynomial features: the design
matrix by ``np.column_stack``, ``np.linalg.solve`` of the Gram system for a grid of ridge
penalties chosen by 5-fold cross-validation, ``np.linalg.lstsq`` and ``np.linalg.inv``
for the unpenalised fit, R^2 on held-out data.

Size at scale 1: 40000 samples of 6 inputs expanded to 28 degree-2 features (plus a
bias), 12 penalties x 5 folds.
"""

from itertools import combinations_with_replacement


def poly_features(np, X):
    columns = [np.ones(len(X))]
    columns += [X[:, j] for j in range(X.shape[1])]
    columns += [X[:, i] * X[:, j] for i, j in combinations_with_replacement(range(X.shape[1]), 2)]
    return np.column_stack(columns)


def ridge(np, Phi, y, lam):
    A = Phi.T @ Phi + lam * np.eye(Phi.shape[1])
    A[0, 0] -= lam                 # the bias is not penalised
    return np.linalg.solve(A, Phi.T @ y)


def r2(np, y, pred):
    return 1 - np.sum((y - pred) ** 2) / np.sum((y - y.mean()) ** 2)


def run(np, scale: float = 1.0) -> dict:
    rng = np.random.default_rng(31)
    n, d = max(300, int(40000 * scale)), 6
    X = rng.uniform(-2, 2, size=(n, d))
    y = (1.5 + X @ np.array([1.0, -2.0, 0.5, 0.0, 0.0, 3.0]) + 0.7 * X[:, 0] * X[:, 1]
         - 0.4 * X[:, 2] ** 2 + rng.normal(scale=0.5, size=n))
    Phi = poly_features(np, X)
    split = int(0.8 * n)
    Phi_train, y_train, Phi_test, y_test = Phi[:split], y[:split], Phi[split:], y[split:]

    lambdas = np.logspace(-3, 3, 12)
    folds = np.arange(split) % 5
    cv_error = np.zeros(len(lambdas))
    for i, lam in enumerate(lambdas):
        for f in range(5):
            train, valid = folds != f, folds == f
            w = ridge(np, Phi_train[train], y_train[train], lam)
            cv_error[i] += np.mean((Phi_train[valid] @ w - y_train[valid]) ** 2) / 5
    best_lam = lambdas[np.argmin(cv_error)]
    w_ridge = ridge(np, Phi_train, y_train, best_lam)

    w_inv = np.linalg.inv(Phi_train.T @ Phi_train) @ Phi_train.T @ y_train
    w_lstsq, _residuals, rank, sv = np.linalg.lstsq(Phi_train, y_train, rcond=None)
    return {
        "cv_error": cv_error,
        "best_lambda": best_lam,
        "w_ridge": w_ridge,
        "w_inv": w_inv,
        "w_lstsq": w_lstsq,
        "rank": rank,
        "singular_values": sv,
        "test_r2": r2(np, y_test, Phi_test @ w_ridge),
    }
